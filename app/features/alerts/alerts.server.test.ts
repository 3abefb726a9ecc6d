import { eq } from "drizzle-orm";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { notifyAccountWaiting } from "#app/features/auth/account-notices.server.ts";
import { assignRequest } from "#app/features/inbox/assignment.server.ts";
import { applyBulkAction } from "#app/features/inbox/bulk.server.ts";
import { deliveryProblems } from "#app/features/inbox/deliveries.server.ts";
import { loadMessageSettings } from "#app/features/service-request/request-messages.server.ts";
import { submitServiceRequest } from "#app/features/service-request/submit.server.ts";
import { alertSettings, outboxMessages, pushSubscriptions } from "#server/db/schema.ts";
import { seedDefaults } from "#server/db/seed.ts";
import { createMailer } from "#server/mail.ts";
import { enqueueEmail, startOutboxWorker, type OutboxWorker } from "#server/outbox.ts";
import { createPushSender } from "#server/push.ts";
import { createFolderStorage } from "#server/storage.ts";
import { testVapidKeys } from "#tests/support/context.ts";
import { testBackends, type TestDatabase } from "#tests/support/databases.ts";
import { decryptPush, startPushReceiver, testDevice, vapidSignatureValid } from "#tests/support/push-receiver.ts";
import { requestFormPost, storeRequest } from "#tests/support/requests.ts";
import { createAccount, uniqueEmail } from "#tests/support/staff.ts";
import { acknowledgeRequest } from "./acknowledge.server.ts";
import { runAlertChecks, saveEscalationMinutes } from "./escalation.server.ts";
import { savePushSubscription } from "./subscriptions.server.ts";

const silent = pino({ level: "silent" });
const minute = 60_000;

describe.each(testBackends)("push alerts and escalation on $name", (backend) => {
  let database: TestDatabase;
  let dataDir: string;
  let receiver: Awaited<ReturnType<typeof startPushReceiver>>;
  let worker: OutboxWorker | undefined;

  beforeEach(async () => {
    database = await backend.open();
    await seedDefaults(database.db);
    dataDir = mkdtempSync(path.join(tmpdir(), "alerts-test-"));
    receiver = await startPushReceiver();
  });
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
    await receiver.close();
    await database.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A staff member with one device subscribed at the local receiver's `/devices/<name>`. */
  async function staffWithDevice(role: "editor" | "admin" | "pending", name: string) {
    const userId = await createAccount(database.db, uniqueEmail(role), role);
    const device = testDevice(`${receiver.url}/devices/${name}`);
    expect(await savePushSubscription(database.db, userId, device.subscription, "test")).toBe("saved");
    return { userId, device };
  }

  function startWorker() {
    worker = startOutboxWorker({
      db: database.db,
      mailer: createMailer({ smtpUrl: undefined, dataDir, from: "Service Ready Restoration <office@serviceready.example>" }, silent),
      push: createPushSender(testVapidKeys),
      logger: silent,
      pollIntervalMs: 200,
    });
    return worker;
  }

  async function submit(fields: Record<string, string>) {
    const { result } = await submitServiceRequest(requestFormPost(fields), {
      db: database.db,
      storage: createFolderStorage(path.join(dataDir, "uploads")),
      logger: silent,
      notifyOutbox: () => worker?.poke(),
      webhookEnabled: false,
      publicUrl: "http://localhost:3000",
      clientId: `client-${Math.random()}`,
      formStartSecret: "test-form-start-secret-of-at-least-32-characters",
    });
    if (result.status !== "received") throw new Error(`The request was not received: ${JSON.stringify(result)}`);
    return result.requestId;
  }

  it("pushes a new urgent request, encrypted for each approved staff device and signed with our key, within seconds", async () => {
    const { device } = await staffWithDevice("editor", "editor-phone");
    await staffWithDevice("pending", "pending-phone");
    startWorker();

    const requestId = await submit({
      problem: "Water damage",
      sourceStopped: "No",
      standingWater: "No",
      address: "12 Main St, Ambler, PA 19002",
      phone: "(215) 555-0101",
    });

    await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const [push] = receiver.received;
    expect(push?.path).toBe("/devices/editor-phone");
    expect(push?.headers["content-encoding"]).toBe("aes128gcm");
    expect(push?.headers.urgency).toBe("high");
    expect(vapidSignatureValid(push?.headers.authorization, testVapidKeys.publicKey)).toBe(true);
    expect(JSON.parse(decryptPush(push?.body ?? Buffer.alloc(0), device))).toEqual({
      title: "URGENT: Water damage",
      body: "Ambler · (215) 555-0101 · source not stopped",
      url: `/admin/requests/${requestId}`,
      requestId,
      urgent: true,
    });
    // The pending account's device heard nothing.
    expect(receiver.received.map((received) => received.path)).toEqual(["/devices/editor-phone"]);
  });

  it("sends a new request's push before the emails queued ahead of it, as after a burst of requests", async () => {
    await staffWithDevice("editor", "editor-phone");
    for (let index = 0; index < 30; index++) {
      await enqueueEmail(database.db, { to: `backlog-${index}@example.com`, subject: `Backlog ${index}`, text: "Queued before the urgent request." });
    }
    const requestId = await submit({ problem: "Water damage", sourceStopped: "No", phone: "(215) 555-0101" });
    const fileMailer = createMailer({ smtpUrl: undefined, dataDir, from: "Service Ready Restoration <office@serviceready.example>" }, silent);
    // How many pushes had arrived when each email went out.
    const pushesSeenByEmails: number[] = [];
    worker = startOutboxWorker({
      db: database.db,
      mailer: { ...fileMailer, send: (message) => (pushesSeenByEmails.push(receiver.received.length), fileMailer.send(message)) },
      push: createPushSender(testVapidKeys),
      logger: silent,
      pollIntervalMs: 3_600_000,
    });
    await worker.drain();
    expect(receiver.received).toHaveLength(1);
    expect(pushesSeenByEmails.length).toBeGreaterThan(30);
    expect(pushesSeenByEmails.every((pushes) => pushes === 1)).toBe(true);
    const [pushRow] = await database.db.select().from(outboxMessages).where(eq(outboxMessages.kind, "push"));
    expect(pushRow).toMatchObject({ requestId, status: "sent" });
  });

  it("sends nothing for spam, and forgets a device its push service says is gone (410)", async () => {
    const gone = await staffWithDevice("admin", "gone");
    const kept = await staffWithDevice("editor", "kept");
    receiver.answer("/devices/gone", 410);
    const running = startWorker();

    await submit({ problem: "Mold concern", firstName: "Spammy", website: "https://spam.example" });
    const requestId = await submit({ problem: "Mold concern", address: "Ambler" });
    await running.drain();

    expect(receiver.received.map((received) => received.path).sort()).toEqual(["/devices/gone", "/devices/kept"]);
    const devices = await database.db.select({ userId: pushSubscriptions.userId }).from(pushSubscriptions);
    expect(devices.map((row) => row.userId)).toEqual([kept.userId]);
    const pushes = await database.db.select().from(outboxMessages).where(eq(outboxMessages.kind, "push"));
    expect(pushes.map((row) => [row.requestId, row.status]).sort()).toEqual(
      [
        [requestId, "failed"],
        [requestId, "sent"],
      ].sort(),
    );
    expect(pushes.find((row) => row.status === "failed")?.lastError).toMatch(/410/);
    // A device that is gone is no lost notification: the dashboard raises no alarm for it.
    expect(await deliveryProblems(database.db)).toEqual([]);
    expect(gone.userId).not.toBe(kept.userId);
  });

  it("retries a push the push service could not take (503)", async () => {
    await staffWithDevice("editor", "busy");
    receiver.answer("/devices/busy", 503);
    const running = startWorker();
    await submit({ problem: "Mold concern" });
    await running.drain();
    const [push] = await database.db.select().from(outboxMessages).where(eq(outboxMessages.kind, "push"));
    expect(push).toMatchObject({ status: "pending", attempts: 1, lastError: "The push service answered 503" });
  });

  it("escalates an urgent request nobody took, once, to the administrators by push and email", async () => {
    const admin = await staffWithDevice("admin", "admin-phone");
    await staffWithDevice("editor", "editor-phone");
    await saveEscalationMinutes(database.db, 3);
    const now = new Date();
    const waiting = await storeRequest(database.db, createFolderStorage(dataDir), { urgent: true, createdAt: new Date(now.getTime() - 4 * minute) });
    const recent = await storeRequest(database.db, createFolderStorage(dataDir), { urgent: true, createdAt: new Date(now.getTime() - 2 * minute) });

    const check = () => runAlertChecks(database.db, { publicUrl: "http://localhost:3000", logger: silent, now });
    const [first, second] = await Promise.all([check(), check()]);
    expect(first.escalated + second.escalated).toBe(1);
    expect((await check()).escalated).toBe(0);

    const queued = await database.db.select().from(outboxMessages).where(eq(outboxMessages.requestId, waiting.id));
    const email = queued.find((row) => row.kind === "email")?.payload as { to: string; subject: string; text: string };
    expect(email.subject).toMatch(/^Escalation: URGENT request waiting - Water damage - Jane Doe$/);
    expect(email.to).toContain("admin.");
    expect(email.text).toContain(`/admin/requests/${waiting.id}`);
    const pushes = queued.filter((row) => row.kind === "push");
    expect(pushes).toHaveLength(1);
    expect(pushes[0]?.label).toContain("admin.");

    startWorker();
    await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBe(1);
    const alert = JSON.parse(decryptPush(receiver.received[0]?.body ?? Buffer.alloc(0), admin.device)) as { title: string; url: string };
    expect(alert.title).toBe("Escalation: URGENT: Water damage, nobody on it after 3 min");
    expect(alert.url).toBe(`/admin/requests/${waiting.id}`);
    expect(await database.db.select().from(outboxMessages).where(eq(outboxMessages.requestId, recent.id))).toEqual([]);
  });

  it("does not escalate a request someone said \"I'm on it\" to, or that was contacted", async () => {
    const admin = await staffWithDevice("admin", "admin-phone");
    const now = new Date();
    const old = new Date(now.getTime() - 30 * minute);
    const taken = await storeRequest(database.db, createFolderStorage(dataDir), { urgent: true, createdAt: old });
    await storeRequest(database.db, createFolderStorage(dataDir), { urgent: true, createdAt: old, status: "contacted" });
    expect(await acknowledgeRequest(database.db, taken.id, { id: admin.userId, email: "admin@example.com" })).toMatchObject({ outcome: "acknowledged" });
    expect(await acknowledgeRequest(database.db, taken.id, { id: admin.userId, email: "other@example.com" })).toMatchObject({
      outcome: "already",
      by: "admin@example.com",
    });

    expect(await runAlertChecks(database.db, { publicUrl: "http://localhost:3000", logger: silent, now })).toEqual({ escalated: 0, callbackAlerts: 0 });
    expect(await database.db.select().from(outboxMessages)).toEqual([]);
  });

  it("alerts the administrators once when a request's call-back promise passes uncontacted", async () => {
    await staffWithDevice("admin", "admin-phone");
    const now = new Date();
    const late = await storeRequest(database.db, createFolderStorage(dataDir), { createdAt: new Date(now.getTime() - 61 * minute) });
    await storeRequest(database.db, createFolderStorage(dataDir), { createdAt: new Date(now.getTime() - 59 * minute) });

    const check = () => runAlertChecks(database.db, { publicUrl: "http://localhost:3000", logger: silent, now });
    expect(await check()).toEqual({ escalated: 0, callbackAlerts: 1 });
    expect(await check()).toEqual({ escalated: 0, callbackAlerts: 0 });
    const queued = await database.db.select().from(outboxMessages).where(eq(outboxMessages.requestId, late.id));
    expect(queued.map((row) => row.kind).sort()).toEqual(["email", "push"]);
    expect((queued.find((row) => row.kind === "email")?.payload as { subject: string }).subject).toBe("Call-back promise passed - Water damage - Jane Doe");
  });

  it("pushes a request to the staff member it is assigned to, not to whoever assigns it to themselves", async () => {
    const admin = await staffWithDevice("admin", "admin-phone");
    const editor = await staffWithDevice("editor", "editor-phone");
    const lead = await storeRequest(database.db, createFolderStorage(dataDir), { urgent: true });
    const adminActor = { id: admin.userId, email: "admin@example.com" };
    expect(await assignRequest(database.db, lead.id, admin.userId, adminActor)).toMatchObject({ outcome: "done" });
    expect(await database.db.select().from(outboxMessages)).toEqual([]);

    expect(await assignRequest(database.db, lead.id, editor.userId, adminActor)).toMatchObject({ outcome: "done" });
    startWorker();
    await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBe(1);
    expect(receiver.received[0]?.path).toBe("/devices/editor-phone");
    const alert = JSON.parse(decryptPush(receiver.received[0]?.body ?? Buffer.alloc(0), editor.device)) as { title: string; url: string };
    expect(alert).toMatchObject({ title: "Assigned to you: Water damage", url: `/admin/requests/${lead.id}` });
  });

  it("alerts a request's assignee, not the administrators, when its call-back promise passes", async () => {
    await staffWithDevice("admin", "admin-phone");
    const editorEmail = uniqueEmail("assignee");
    const editorId = await createAccount(database.db, editorEmail, "editor");
    const now = new Date();
    const late = await storeRequest(database.db, createFolderStorage(dataDir), { createdAt: new Date(now.getTime() - 61 * minute), assigneeId: editorId });

    expect(await runAlertChecks(database.db, { publicUrl: "http://localhost:3000", logger: silent, now })).toEqual({ escalated: 0, callbackAlerts: 1 });
    const queued = await database.db.select().from(outboxMessages).where(eq(outboxMessages.requestId, late.id));
    expect(queued.map((row) => row.kind)).toEqual(["email"]);
    expect((queued[0]?.payload as { to: string }).to).toBe(editorEmail);
  });

  it("raises no call-back alert for a phone call staff logged: the promise is the website's", async () => {
    await staffWithDevice("admin", "admin-phone");
    const now = new Date();
    await storeRequest(database.db, createFolderStorage(dataDir), { createdAt: new Date(now.getTime() - 90 * minute), source: "phone" });
    expect(await runAlertChecks(database.db, { publicUrl: "http://localhost:3000", logger: silent, now })).toEqual({ escalated: 0, callbackAlerts: 0 });
  });

  it("pushes requests released from spam in bulk, as on their arrival", async () => {
    const admin = await staffWithDevice("admin", "admin-phone");
    const held = await storeRequest(database.db, createFolderStorage(dataDir), { status: "suspected", urgent: true });
    const settings = await loadMessageSettings({ db: database.db, logger: silent, publicUrl: "http://localhost:3000", webhookEnabled: false });
    const result = await applyBulkAction(database.db, [held.id], { kind: "not-spam" }, { id: admin.userId, email: "admin@example.com" }, settings);
    expect(result).toMatchObject({ changed: 1 });
    const pushes = await database.db.select().from(outboxMessages).where(eq(outboxMessages.kind, "push"));
    expect(pushes.map((row) => row.requestId)).toEqual([held.id]);
  });

  it("pushes the administrators' devices, not the editors', when an account waits for approval", async () => {
    const admin = await staffWithDevice("admin", "admin-phone");
    await staffWithDevice("editor", "editor-phone");
    expect(await notifyAccountWaiting(database.db, "new.hire@example.com", { publicUrl: "http://localhost:3000", companyName: "Service Ready" })).toBe(1);
    startWorker();
    await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBe(1);
    expect(receiver.received[0]?.path).toBe("/devices/admin-phone");
    const alert = JSON.parse(decryptPush(receiver.received[0]?.body ?? Buffer.alloc(0), admin.device)) as { title: string; body: string; url: string };
    expect(alert).toMatchObject({ title: "Account waiting for approval", body: "new.hire@example.com", url: "/admin/users" });
  });

  it("keeps the escalation time an administrator set, at least a minute", async () => {
    await saveEscalationMinutes(database.db, 1);
    expect(await database.db.select({ minutes: alertSettings.escalationMinutes }).from(alertSettings)).toEqual([{ minutes: 1 }]);
    await expect(database.db.update(alertSettings).set({ escalationMinutes: 0 })).rejects.toThrow();
  });
});
