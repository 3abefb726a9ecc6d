import { eq, sql } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { pino, type Logger } from "pino";
import { SMTPServer } from "smtp-server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { testBackends, type TestDatabase } from "#tests/support/databases.ts";
import type { OutboxKind } from "#app/domain/outbox.ts";
import { outboxMessages, serviceRequests } from "./db/schema.ts";
import { createMailer, type MailMessage, type Mailer } from "./mail.ts";
import { enqueueEmail, enqueuePush, enqueueWebhook, outboxLeaseMs, retryDelayMs, startOutboxWorker, type OutboxWorker } from "./outbox.ts";

const silent = pino({ level: "silent" });

interface Received {
  to: string[];
  subject: string;
  raw: string;
}

/** A real mail server in the test process: it can refuse, slow down and count what it got. */
interface TestSmtp {
  url: string;
  received: Received[];
  /** Answers every message with a temporary failure while true. */
  refuse: boolean;
  /** Holds each message this long before answering. */
  delayMs: number;
  /** Most messages being received at the same moment. */
  maxConcurrent: number;
  /** Resolves when the next message starts arriving. */
  nextData(): Promise<void>;
  close(): Promise<void>;
}

async function startSmtpServer(): Promise<TestSmtp> {
  let active = 0;
  const waiters: (() => void)[] = [];
  const smtp: TestSmtp = {
    url: "",
    received: [],
    refuse: false,
    delayMs: 0,
    maxConcurrent: 0,
    nextData: () => new Promise((resolve) => waiters.push(resolve)),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      // Some addresses never work: a permanent refusal that must not hold up the other messages.
      if (address.address.startsWith("bounce@")) callback(Object.assign(new Error("No such mailbox"), { responseCode: 550 }));
      else callback();
    },
    onData(stream, session, callback) {
      active += 1;
      smtp.maxConcurrent = Math.max(smtp.maxConcurrent, active);
      for (const resolve of waiters.splice(0)) resolve();
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        setTimeout(() => {
          active -= 1;
          if (smtp.refuse) {
            callback(Object.assign(new Error("Try again later"), { responseCode: 451 }));
            return;
          }
          const raw = Buffer.concat(chunks).toString("utf8");
          smtp.received.push({
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            subject: /^Subject: (.*?)\r?$/m.exec(raw)?.[1] ?? "",
            raw,
          });
          callback();
        }, smtp.delayMs);
      });
    },
  });
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  smtp.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return smtp;
}

function email(index: number, to = `visitor${index}@example.com`): MailMessage {
  return { to, subject: `Message ${index}`, text: `Body of message ${index}\n`, replyTo: "office@serviceready.example" };
}

describe("retryDelayMs", () => {
  it("backs off 30 s, doubling, and never more than an hour", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map(retryDelayMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000, 3_600_000,
    ]);
  });
});

describe.each(testBackends)("outbox on $name", (backend) => {
  let database: TestDatabase;
  let smtp: TestSmtp;
  let mailer: Mailer;
  let dataDir: string;
  let workers: OutboxWorker[];
  /** The workers' clock: fixed, moved by the tests, ahead of the real time rows are written at. */
  let current: Date;
  const now = () => current;
  const advance = (ms: number) => {
    current = new Date(current.getTime() + ms);
  };

  beforeEach(async () => {
    database = await backend.open();
    smtp = await startSmtpServer();
    dataDir = mkdtempSync(path.join(tmpdir(), "outbox-test-"));
    mailer = createMailer({ smtpUrl: smtp.url, dataDir, from: "Service Ready Restoration <office@serviceready.example>" }, silent);
    workers = [];
    current = new Date(Date.now() + 10 * 60_000);
  });

  afterEach(async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
    mailer.close();
    await smtp.close();
    await database.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A worker that never polls by itself during a test: the tests drain it. */
  function startWorker(options: { maxAttempts?: number; logger?: Logger; mailer?: Mailer } = {}): OutboxWorker {
    const worker = startOutboxWorker({ db: database.db, mailer, logger: silent, pollIntervalMs: 3_600_000, now, ...options });
    workers.push(worker);
    return worker;
  }

  async function rows() {
    return database.db.select().from(outboxMessages).orderBy(outboxMessages.createdAt);
  }

  async function row(id: string) {
    const [found] = await database.db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
    if (!found) throw new Error(`No outbox row ${id}`);
    return found;
  }

  async function onlyRow() {
    const all = await rows();
    expect(all).toHaveLength(1);
    return row(all[0]?.id ?? "");
  }

  it("delivers an email enqueued in a transaction exactly once and marks it sent", async () => {
    const requestId = await database.db.transaction(async (tx) => {
      const [request] = await tx
        .insert(serviceRequests)
        .values({ problem: "Water damage", firstName: "Jane", lastName: "Doe", phone: "215-555-0100", email: "jane@example.com", clientHash: "test" })
        .returning({ id: serviceRequests.id });
      if (!request) throw new Error("The request was not stored");
      await enqueueEmail(tx, email(1, "jane@example.com"), request.id);
      return request.id;
    });
    const worker = startWorker();

    expect(await worker.drain()).toBe(1);
    expect(await worker.drain()).toBe(0);

    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toMatchObject({ to: ["jane@example.com"], subject: "Message 1" });
    expect(smtp.received[0]?.raw).toContain("Body of message 1");
    expect(smtp.received[0]?.raw).toMatch(/^Reply-To: office@serviceready\.example\r?$/m);
    // Named by its row: a copy sent again after a crash carries the same Message-ID.
    const sent = await onlyRow();
    expect(smtp.received[0]?.raw).toMatch(new RegExp(`^Message-ID: <${sent.id}@serviceready\\.example>\\r?$`, "m"));
    expect(sent).toMatchObject({
      kind: "email",
      payload: email(1, "jane@example.com"),
      requestId,
      status: "sent",
      attempts: 1,
      lastError: null,
      sentAt: current,
      sentVia: "smtp",
    });
  });

  it("records an email written to a file, without a mail server, as saved to a file", async () => {
    const folderMailer = createMailer({ smtpUrl: undefined, dataDir, from: "Service Ready Restoration <office@serviceready.example>" }, silent);
    const id = await enqueueEmail(database.db, email(1));
    const worker = startWorker({ mailer: folderMailer });

    expect(await worker.drain()).toBe(1);
    folderMailer.close();

    expect(await row(id)).toMatchObject({ status: "sent", sentVia: "file" });
    expect(readdirSync(path.join(dataDir, "outbox"))).toHaveLength(1);
    expect(smtp.received).toEqual([]);
  });

  it("enqueues nothing when the transaction rolls back", async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueEmail(tx, email(1));
        throw new Error("The request could not be stored");
      }),
    ).rejects.toThrow("The request could not be stored");
    const worker = startWorker();

    expect(await worker.drain()).toBe(0);
    expect(await rows()).toEqual([]);
    expect(smtp.received).toEqual([]);
  });

  it("records a refused delivery, backs off exponentially and delivers once the server accepts", async () => {
    await enqueueEmail(database.db, email(1));
    const worker = startWorker();
    smtp.refuse = true;

    expect(await worker.drain()).toBe(0);
    let message = await onlyRow();
    expect(message).toMatchObject({ status: "pending", attempts: 1, sentAt: null });
    expect(message.lastError).toMatch(/451 Try again later/);
    expect(message.nextAttemptAt).toEqual(new Date(current.getTime() + 30_000));

    // Not due yet: not even tried.
    advance(29_999);
    expect(await worker.drain()).toBe(0);
    expect((await onlyRow()).attempts).toBe(1);

    advance(1);
    expect(await worker.drain()).toBe(0);
    message = await onlyRow();
    expect(message).toMatchObject({ status: "pending", attempts: 2 });
    expect(message.nextAttemptAt).toEqual(new Date(current.getTime() + 60_000));

    smtp.refuse = false;
    advance(60_000);
    expect(await worker.drain()).toBe(1);
    expect(smtp.received.map((received) => received.subject)).toEqual(["Message 1"]);
    expect(await onlyRow()).toMatchObject({ status: "sent", attempts: 3, sentAt: current });
  });

  it("keeps delivering the other messages when one fails", async () => {
    await enqueueEmail(database.db, email(1));
    await enqueueEmail(database.db, email(2, "bounce@example.com"));
    await enqueueEmail(database.db, email(3));
    const worker = startWorker();

    expect(await worker.drain()).toBe(2);

    expect(smtp.received.map((received) => received.subject).sort()).toEqual(["Message 1", "Message 3"]);
    const byTo = new Map((await rows()).map((message) => [(message.payload as MailMessage).to, message]));
    expect(byTo.get("visitor1@example.com")?.status).toBe("sent");
    expect(byTo.get("visitor3@example.com")?.status).toBe("sent");
    expect(byTo.get("bounce@example.com")).toMatchObject({ status: "pending", attempts: 1 });
    expect(byTo.get("bounce@example.com")?.lastError).toMatch(/No such mailbox/);
  });

  it("marks a message failed after maxAttempts and logs an error", async () => {
    const lines: string[] = [];
    const logger = pino({ level: "warn" }, { write: (line: string) => lines.push(line) });
    await enqueueEmail(database.db, email(1));
    const worker = startWorker({ maxAttempts: 3, logger });
    smtp.refuse = true;

    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect(await worker.drain()).toBe(0);
      expect((await onlyRow()).attempts).toBe(attempt);
      advance(retryDelayMs(attempt));
    }
    const message = await onlyRow();
    expect(message).toMatchObject({ status: "failed", attempts: 3, sentAt: null });
    expect(message.lastError).toMatch(/451 Try again later/);

    smtp.refuse = false;
    advance(24 * 3_600_000);
    expect(await worker.drain()).toBe(0);
    expect(smtp.received).toEqual([]);
    expect((await onlyRow()).attempts).toBe(3);

    const errors = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.level === 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ outboxId: message.id, attempts: 3 });
    expect(lines.join("\n")).not.toContain("Body of message 1");
  });

  it("keeps each message's label in its own column, beside a payload that is only what is sent", async () => {
    const [request] = await database.db
      .insert(serviceRequests)
      .values({ problem: "Water damage", firstName: "Jane", lastName: "Doe", phone: "215-555-0100", email: "jane@example.com", clientHash: "test" })
      .returning({ id: serviceRequests.id });
    const requestId = request?.id ?? "";
    await enqueueEmail(database.db, email(1), requestId, "Office email");
    await enqueueEmail(database.db, email(2));
    await enqueueWebhook(database.db, { id: requestId }, requestId, "Copy to your other software (webhook)");
    await enqueuePush(database.db, { subscriptionId: randomUUID(), body: "{}", urgent: true, label: "Push alert to staff@example.com" }, requestId);
    const queued = (await rows()).map(({ kind, label, payload }) => ({ kind, label, payloadKeys: Object.keys(payload as object).sort() }));
    expect(queued).toEqual(
      expect.arrayContaining([
        { kind: "email", label: "Office email", payloadKeys: ["replyTo", "subject", "text", "to"] },
        { kind: "email", label: "Email", payloadKeys: ["replyTo", "subject", "text", "to"] },
        { kind: "webhook", label: "Copy to your other software (webhook)", payloadKeys: ["body"] },
        { kind: "push", label: "Push alert to staff@example.com", payloadKeys: ["body", "subscriptionId", "urgent"] },
      ]),
    );
    expect(queued).toHaveLength(4);
  });

  it("gives up at once on a message it cannot understand, and the database takes no kind it does not know", async () => {
    const unknownKind = await database.db
      .insert(outboxMessages)
      .values({ kind: "carrier-pigeon" as OutboxKind, payload: {}, nextAttemptAt: new Date() })
      .then(
        () => "stored",
        (error: unknown) => String((error as { cause?: unknown }).cause ?? error),
      );
    expect(unknownKind).toContain("outbox_messages_kind_known");
    await database.db.insert(outboxMessages).values({ kind: "webhook", label: "Webhook", payload: { text: "no body" }, nextAttemptAt: new Date() });
    await enqueueEmail(database.db, email(1));
    const worker = startWorker();

    expect(await worker.drain()).toBe(1);
    const byKind = new Map((await rows()).map((message) => [message.kind, message]));
    expect(byKind.get("webhook")).toMatchObject({ status: "failed", attempts: 1, lastError: "Invalid webhook payload" });
    expect(byKind.get("email")?.status).toBe("sent");
  });

  it("sends each message once when two workers drain at the same time", async () => {
    const count = 12;
    for (let index = 1; index <= count; index += 1) await enqueueEmail(database.db, email(index));
    smtp.delayMs = 20;
    const first = startWorker();
    const second = startWorker();

    const [byFirst, bySecond] = await Promise.all([first.drain(), second.drain()]);

    expect((byFirst ?? 0) + (bySecond ?? 0)).toBe(count);
    const subjects = smtp.received.map((received) => received.subject).sort();
    expect(subjects).toEqual(Array.from({ length: count }, (_, index) => `Message ${index + 1}`).sort());
    expect((await rows()).every((message) => message.status === "sent" && message.attempts === 1)).toBe(true);
  });

  it("runs one drain at a time in a worker, however often it is poked", async () => {
    for (let index = 1; index <= 4; index += 1) await enqueueEmail(database.db, email(index));
    smtp.delayMs = 20;
    const worker = startWorker();

    for (let poke = 0; poke < 5; poke += 1) worker.poke();
    const drained = [worker.drain(), worker.drain()];
    await Promise.all(drained);
    expect(await worker.drain()).toBe(0);

    expect(smtp.received).toHaveLength(4);
    expect(smtp.maxConcurrent).toBe(1);
  });

  it("delivers on start what it finds pending, and when poked", async () => {
    await enqueueEmail(database.db, email(1));
    startWorker();
    await vi.waitFor(() => expect(smtp.received).toHaveLength(1));

    const worker = workers[0];
    await enqueueEmail(database.db, email(2));
    worker?.poke();
    await vi.waitFor(() => expect(smtp.received).toHaveLength(2));
    expect((await rows()).map((message) => message.status)).toEqual(["sent", "sent"]);
  });

  it("waits on stop for the message being sent, and a new worker delivers what was left pending", async () => {
    await enqueueEmail(database.db, email(1));
    await enqueueEmail(database.db, email(2, "bounce@example.com"));
    smtp.delayMs = 200;
    const dataArrives = smtp.nextData();
    const first = startOutboxWorker({ db: database.db, mailer, logger: silent, pollIntervalMs: 3_600_000, now });
    await dataArrives;
    await first.stop();

    // The message in flight was finished and committed; the drain stopped there.
    expect(smtp.received.map((received) => received.subject)).toEqual(["Message 1"]);
    const afterStop = await rows();
    expect(afterStop.map((message) => message.status)).toEqual(["sent", "pending"]);
    expect(afterStop[1]?.attempts).toBe(0);

    // Once stopped, a worker sends nothing more.
    await enqueueEmail(database.db, email(3));
    first.poke();
    expect(await first.drain()).toBe(0);

    smtp.delayMs = 0;
    startWorker();
    await vi.waitFor(async () => {
      expect(smtp.received.map((received) => received.subject).sort()).toEqual(["Message 1", "Message 3"]);
      const statuses = (await rows()).map((message) => [(message.payload as MailMessage).to, message.status, message.attempts]);
      expect(statuses).toEqual([
        ["visitor1@example.com", "sent", 1],
        ["bounce@example.com", "pending", 1],
        ["visitor3@example.com", "sent", 1],
      ]);
    });
  });

  it("sends outside any transaction: while a slow mail server takes seconds, the message is leased and the database answers at once", async () => {
    await enqueueEmail(database.db, email(1));
    smtp.delayMs = 3_000;
    const worker = startWorker();
    const dataArrives = smtp.nextData();
    const draining = worker.drain();
    await dataArrives;

    // Another worker finds nothing due: the message is leased, not locked in an open transaction.
    expect((await rows()).filter((message) => message.status === "pending" && message.nextAttemptAt <= current)).toEqual([]);
    expect((await onlyRow()).nextAttemptAt.getTime()).toBe(current.getTime() + outboxLeaseMs);
    // On the embedded database (one connection) an open transaction would hold every query for the whole send.
    const answeredIn: number[] = [];
    for (let query = 0; query < 5; query += 1) {
      const startedAt = performance.now();
      await database.db.execute(sql`select 1`);
      await enqueueEmail(database.db, email(10 + query));
      answeredIn.push(performance.now() - startedAt);
    }
    expect(Math.max(...answeredIn)).toBeLessThan(500);
    expect(smtp.received).toHaveLength(0);
    smtp.delayMs = 0;

    expect(await draining).toBe(6);
    expect((await rows()).every((message) => message.status === "sent" && message.attempts === 1)).toBe(true);
  });

  it("sends a message again when its worker died mid-send, once the lease has ended; the late worker records nothing", async () => {
    const warnings: string[] = [];
    const logger = pino({ level: "warn" }, { write: (line: string) => void warnings.push(line) });
    const id = await enqueueEmail(database.db, email(1));
    smtp.delayMs = 1_500;
    const dying = startWorker({ logger });
    const firstCopy = smtp.nextData();
    const abandoned = dying.drain();
    await firstCopy;

    const later = new Date(current.getTime() + outboxLeaseMs + 1_000);
    const next = startOutboxWorker({ db: database.db, mailer, logger: silent, pollIntervalMs: 3_600_000, now: () => later });
    workers.push(next);
    expect(await next.drain()).toBe(1);
    await abandoned;

    expect(smtp.received.map((received) => received.subject)).toEqual(["Message 1", "Message 1"]);
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 1, sentAt: later });
    expect(warnings.join("")).toContain("outbox lease ended before the outcome was recorded");
  });
});
