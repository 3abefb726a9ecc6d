import { eq } from "drizzle-orm";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { outboxMessages } from "#server/db/schema.ts";
import { notificationLabels } from "#app/features/service-request/notifications.server.ts";
import type { Mailer, MailMessage } from "#server/mail.ts";
import { enqueueEmail, enqueueWebhook, startOutboxWorker, type OutboxWorker } from "#server/outbox.ts";
import { createFolderStorage } from "#server/storage.ts";
import { testBackends, type TestDatabase } from "#tests/support/databases.ts";
import { storeRequest } from "#tests/support/requests.ts";
import { deliveriesOf, deliveryProblems, outboxBacklog, retryDeliveries } from "./deliveries.server.ts";

const silent = pino({ level: "silent" });
const message = (to: string): MailMessage => ({ to, subject: "New service request", text: "Body\n" });

/** The office's mail server, down until the test brings it back: the one thing outside our control. */
function flakyMailer() {
  const mailer = { down: true, sent: [] as MailMessage[] };
  const api: Mailer = {
    send(sent) {
      if (mailer.down) return Promise.reject(new Error("Connection refused by the mail server"));
      mailer.sent.push(sent);
      return Promise.resolve("smtp" as const);
    },
    check: () => (mailer.down ? Promise.reject(new Error("Connection refused by the mail server")) : Promise.resolve()),
    close() {},
  };
  return Object.assign(mailer, api);
}

describe.each(testBackends)("delivery health on $name", (backend) => {
  let database: TestDatabase;
  let uploads: string;
  let mailer: ReturnType<typeof flakyMailer>;
  let worker: OutboxWorker;
  let current: Date;

  beforeEach(async () => {
    database = await backend.open();
    uploads = mkdtempSync(path.join(tmpdir(), "deliveries-test-"));
    mailer = flakyMailer();
    current = new Date(Date.now() + 60_000);
    worker = startOutboxWorker({ db: database.db, mailer, logger: silent, maxAttempts: 3, pollIntervalMs: 3_600_000, now: () => current });
  });
  afterEach(async () => {
    await worker.stop();
    await database.dispose();
    rmSync(uploads, { recursive: true, force: true });
  });

  const store = (firstName: string) => storeRequest(database.db, createFolderStorage(uploads), { firstName, lastName: "Doe" });

  it("lists every notification of a request with its state: queued, sent at, or failed with the reason", async () => {
    const { id } = await store("Jane");
    await enqueueEmail(database.db, message("office@example.com"), id, "Office email");
    await enqueueEmail(database.db, message("jane@example.com"), id, "Visitor email");
    await enqueueWebhook(database.db, { id }, id, notificationLabels.webhook);
    expect((await deliveriesOf(database.db, id)).map(({ label, status }) => ({ label, status }))).toEqual(
      expect.arrayContaining([
        { label: "Office email", status: "pending" },
        { label: "Visitor email", status: "pending" },
        { label: notificationLabels.webhook, status: "pending" },
      ]),
    );

    mailer.down = false;
    await worker.drain();
    const after = await deliveriesOf(database.db, id);
    expect(after.filter((delivery) => delivery.label !== notificationLabels.webhook).map((delivery) => [delivery.status, delivery.sentAt])).toEqual([
      ["sent", current],
      ["sent", current],
    ]);
    // No WEBHOOK_URL on this worker: the webhook fails at once, with the reason.
    expect(after.find((delivery) => delivery.label === notificationLabels.webhook)).toMatchObject({ status: "failed", lastError: "WEBHOOK_URL is not set" });
  });

  it("keeps one webhook per request, however often it is queued", async () => {
    const { id } = await store("Jane");
    await enqueueWebhook(database.db, { id, try: 1 }, id, notificationLabels.webhook);
    await enqueueWebhook(database.db, { id, try: 2 }, id, notificationLabels.webhook);
    const rows = await database.db.select().from(outboxMessages).where(eq(outboxMessages.requestId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.payload).toEqual({ body: JSON.stringify({ id, try: 1 }) });
  });

  it("raises the alert for a notification that failed all its retries, and 'Retry' sends it", async () => {
    const failing = await store("Failing");
    const fine = await store("Fine");
    await enqueueEmail(database.db, message("office@example.com"), failing.id, "Office email");
    for (const wait of [0, 31_000, 61_000]) {
      current = new Date(current.getTime() + wait);
      await worker.drain();
    }
    expect((await deliveriesOf(database.db, failing.id))[0]).toMatchObject({
      status: "failed",
      attempts: 3,
      lastError: "Connection refused by the mail server",
    });
    await enqueueEmail(database.db, message("office@example.com"), fine.id, "Office email");

    expect(await deliveryProblems(database.db, current)).toEqual([
      { requestId: failing.id, name: "Failing Doe", problems: [{ label: "Office email", status: "failed", lastError: "Connection refused by the mail server" }] },
    ]);

    mailer.down = false;
    expect(await retryDeliveries(database.db, {}, current)).toBe(1);
    expect(await worker.drain()).toBe(2);
    expect(mailer.sent).toHaveLength(2);
    expect(await deliveryProblems(database.db, current)).toEqual([]);
    expect((await deliveriesOf(database.db, failing.id))[0]).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("raises the alert for a notification waiting more than 10 minutes, and shows it in the backlog", async () => {
    const { id } = await store("Waiting");
    await enqueueEmail(database.db, message("office@example.com"), id, "Visitor email");
    expect(await deliveryProblems(database.db, new Date(Date.now() + 9 * 60_000))).toEqual([]);
    const later = new Date(Date.now() + 11 * 60_000);
    expect(await deliveryProblems(database.db, later)).toEqual([
      { requestId: id, name: "Waiting Doe", problems: [{ label: "Visitor email", status: "pending", lastError: null }] },
    ]);

    const backlog = await outboxBacklog(database.db, later);
    expect(backlog.counts).toEqual([{ kind: "email", status: "pending", sentVia: null, total: 1 }]);
    expect(backlog.oldestPendingMinutes).toBeGreaterThanOrEqual(10);
    expect(backlog.waiting).toEqual([expect.objectContaining({ label: "Visitor email", status: "pending", requestId: id })]);
  });
});
