import { eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { outboxMessages } from "#server/db/schema.ts";
import { seedDefaults } from "#server/db/seed.ts";
import { createMailer, type Mailer } from "#server/mail.ts";
import { startOutboxWorker, type OutboxWorker } from "#server/outbox.ts";
import { createFolderStorage } from "#server/storage.ts";
import { createWebhookSender, signWebhookBody } from "#server/webhook.ts";
import { testBackends, type TestDatabase } from "#tests/support/databases.ts";
import { startWebhookReceiver, type WebhookReceiver } from "#tests/support/webhook-receiver.ts";
import { testFormStartSecret } from "#tests/support/context.ts";
import { issueFormStart } from "./form-start.server.ts";
import { submitServiceRequest } from "./submit.server.ts";

const silent = pino({ level: "silent" });
const secret = "a-webhook-secret-of-the-company";

describe.each(testBackends)("the outgoing webhook on $name", (backend) => {
  let database: TestDatabase;
  let receiver: WebhookReceiver;
  let dataDir: string;
  let mailer: Mailer;
  let workers: OutboxWorker[];
  let current: Date;

  beforeEach(async () => {
    database = await backend.open();
    await seedDefaults(database.db);
    receiver = await startWebhookReceiver();
    dataDir = mkdtempSync(path.join(tmpdir(), "webhook-test-"));
    mailer = createMailer({ smtpUrl: undefined, dataDir, from: "office@serviceready.example" }, silent);
    workers = [];
    current = new Date(Date.now() + 60_000);
  });
  afterEach(async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
    mailer.close();
    await receiver.close();
    await database.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  function startWorker() {
    const worker = startOutboxWorker({
      db: database.db,
      mailer,
      logger: silent,
      webhook: createWebhookSender({ url: receiver.url, secret }),
      pollIntervalMs: 3_600_000,
      now: () => current,
    });
    workers.push(worker);
    return worker;
  }

  async function submit(fields: Record<string, string>, webhookEnabled = true) {
    const form = new FormData();
    const all = {
      problem: "Water damage",
      sourceStopped: "No",
      standingWater: "Yes",
      firstName: "Jane",
      lastName: "Doe",
      phone: "(215) 555-0100",
      email: "jane@example.com",
      insuranceCompany: "Keystone Mutual",
      claimNumber: "KM-42",
      formStart: issueFormStart(testFormStartSecret, new Date(Date.now() - 60_000)),
      ...fields,
    };
    for (const [name, value] of Object.entries(all)) form.append(name, value);
    const { result } = await submitServiceRequest(new Request("http://localhost/api/service-requests", { method: "POST", body: form }), {
      db: database.db,
      storage: createFolderStorage(path.join(dataDir, "uploads")),
      logger: silent,
      notifyOutbox: () => {},
      webhookEnabled,
      publicUrl: "https://www.example.com",
      clientId: randomUUID(),
      formStartSecret: testFormStartSecret,
    });
    if (result.status !== "received") throw new Error(`Not received: ${JSON.stringify(result)}`);
    return result.requestId;
  }

  const webhookRows = () => database.db.select().from(outboxMessages).where(eq(outboxMessages.kind, "webhook"));

  it("posts a new request to the receiver as signed JSON", async () => {
    const requestId = await submit({});
    expect(await startWorker().drain()).toBe(3);

    expect(receiver.deliveries).toHaveLength(1);
    const [delivery] = receiver.deliveries;
    expect(delivery?.contentType).toBe("application/json");
    expect(delivery?.signature).toBe(signWebhookBody(delivery?.body ?? "", secret));
    expect(delivery?.signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(JSON.parse(delivery?.body ?? "")).toMatchObject({
      id: requestId,
      urgent: true,
      problemType: "Water damage",
      firstName: "Jane",
      lastName: "Doe",
      phone: "(215) 555-0100",
      email: "jane@example.com",
      sourceStopped: "No",
      standingWater: "Yes",
      insuranceCompany: "Keystone Mutual",
      claimNumber: "KM-42",
      photoCount: 0,
      adminUrl: `https://www.example.com/admin/requests/${requestId}`,
    });
  });

  it("tries again after the receiver answers 500, and sends once per request across a restart", async () => {
    await submit({});
    receiver.answer = 500;
    const first = startWorker();
    await first.drain();
    expect(receiver.deliveries).toHaveLength(1);
    expect((await webhookRows())[0]).toMatchObject({ status: "pending", attempts: 1, lastError: "The webhook receiver answered HTTP 500" });

    receiver.answer = 200;
    current = new Date(current.getTime() + 31_000);
    await first.drain();
    expect(receiver.deliveries).toHaveLength(2);
    expect(receiver.deliveries[1]?.body).toBe(receiver.deliveries[0]?.body);
    expect((await webhookRows())[0]).toMatchObject({ status: "sent", attempts: 2, sentVia: "webhook" });

    // A restart: the old worker stops, a new one starts on the same database and finds nothing left to send.
    await first.stop();
    current = new Date(current.getTime() + 24 * 60 * 60_000);
    await startWorker().drain();
    expect(receiver.deliveries).toHaveLength(2);
    expect(await webhookRows()).toHaveLength(1);
  });

  it("resumes a webhook left pending by a stopped worker", async () => {
    await submit({});
    receiver.answer = 503;
    const first = startWorker();
    await first.drain();
    await first.stop();
    receiver.answer = 204;
    current = new Date(current.getTime() + 31_000);
    await startWorker().drain();
    expect(receiver.deliveries).toHaveLength(2);
    expect((await webhookRows())[0]).toMatchObject({ status: "sent" });
  });

  it("queues nothing without WEBHOOK_URL, nor for spam", async () => {
    await submit({}, false);
    await submit({ website: "https://spam.example", email: "other@example.com" });
    expect(await webhookRows()).toEqual([]);
  });
});
