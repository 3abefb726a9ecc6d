import { eq } from "drizzle-orm";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pino } from "pino";
import type { AppLoadContext } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as notificationsRoute from "#app/routes/admin/notifications.tsx";
import * as settingsRoute from "#app/routes/admin/settings.tsx";
import { officeNotifications, outboxMessages } from "#server/db/schema.ts";
import { seedDefaults } from "#server/db/seed.ts";
import { createMailer, outboxFolder, type Mailer } from "#server/mail.ts";
import { startOutboxWorker, type OutboxWorker } from "#server/outbox.ts";
import { createFolderStorage } from "#server/storage.ts";
import { answer } from "#tests/support/answer.ts";
import { testContext } from "#tests/support/context.ts";
import { testBackends, type TestDatabase } from "#tests/support/databases.ts";
import { renderedText } from "#tests/support/render.tsx";
import { startSmtpServer } from "#tests/support/smtp.ts";
import { createTestAuth, requestAs, signedInAccount } from "#tests/support/staff.ts";
import { sendTestEmail } from "./test-email.server.ts";
import { testEmailIntent } from "./test-email.ts";

const silent = pino({ level: "silent" });
const from = "Service Ready Restoration <office@serviceready.example>";
const recipients = ["dispatch@ready.example", "owner@ready.example"];

describe.each(testBackends)("the test email on $name", (backend) => {
  let database: TestDatabase;
  let dataDir: string;
  let context: AppLoadContext;
  let editorCookie: string;
  let adminCookie: string;
  const cleanups: (() => unknown)[] = [];

  beforeEach(async () => {
    database = await backend.open();
    await seedDefaults(database.db);
    await database.db.update(officeNotifications).set({ recipients });
    dataDir = mkdtempSync(path.join(tmpdir(), "test-email-test-"));
    const auth = createTestAuth(database.db);
    context = testContext(database.db, auth, { storage: createFolderStorage(path.join(dataDir, "uploads")), clientId: "test-email" });
    editorCookie = (await signedInAccount(database.db, auth, "editor")).cookie;
    adminCookie = (await signedInAccount(database.db, auth, "admin")).cookie;
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await database.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The site's outbox worker with this mailer, woken as the server wakes it. */
  function deliverWith(mailer: Mailer, options: { maxAttempts?: number } = {}): OutboxWorker {
    const worker = startOutboxWorker({ db: database.db, mailer, logger: silent, pollIntervalMs: 3_600_000, ...options });
    cleanups.push(() => mailer.close(), () => worker.stop());
    context = { ...context, notifyOutbox: () => worker.poke() };
    return worker;
  }

  async function startPeer(options: Parameters<typeof startSmtpServer>[0] = {}) {
    const smtp = await startSmtpServer(options);
    cleanups.push(() => smtp.close());
    return smtp;
  }

  /** The button pressed on a page by this account. */
  function pressTestButton(route: typeof settingsRoute | typeof notificationsRoute, routePath: string, cookie: string) {
    const request = requestAs(cookie, routePath, { method: "POST", body: new URLSearchParams({ intent: testEmailIntent }) });
    return answer(() => route.action({ request, context, params: {} } as never));
  }

  it("sends it through a mail server to every recipient and says so, on the settings page", async () => {
    const smtp = await startPeer();
    deliverWith(createMailer({ smtpUrl: smtp.url, dataDir, from }, silent));

    const pressed = await pressTestButton(settingsRoute, "/admin/settings", adminCookie);
    expect(pressed).toEqual({
      status: 200,
      body: { testEmail: { ok: true, message: "Test email sent to dispatch@ready.example, owner@ready.example" } },
    });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.to.sort()).toEqual(recipients);
    expect(smtp.received[0]?.subject).toBe("Test email - Service Ready Restoration website");
    const [row] = await database.db.select().from(outboxMessages);
    expect(row).toMatchObject({ status: "sent", sentVia: "smtp", requestId: null, label: "Test email" });

    const loaderData = await settingsRoute.loader({ request: requestAs(adminCookie, "/admin/settings"), context, params: {} } as never);
    const page = await renderedText(
      <settingsRoute.default {...({ loaderData, actionData: pressed.body, params: {} } as unknown as Parameters<typeof settingsRoute.default>[0])} />,
    );
    expect(page).toContain("Test email sent to dispatch@ready.example, owner@ready.example");
  });

  it("says it was only saved to a file without a mail server, on the notifications page", async () => {
    deliverWith(createMailer({ smtpUrl: undefined, dataDir, from }, silent));

    expect(await pressTestButton(notificationsRoute, "/admin/notifications", adminCookie)).toEqual({
      status: 200,
      body: { testEmail: { ok: false, message: "Test email saved to file (no mail server configured)" } },
    });
    expect(readdirSync(outboxFolder(dataDir))).toHaveLength(1);
  });

  it("says it is still queued, with the mail server's reason, when the server asks to try later", async () => {
    await startPeer({ refuse: { code: 451, message: "Mailbox busy, try again later" } }).then((smtp) =>
      deliverWith(createMailer({ smtpUrl: smtp.url, dataDir, from }, silent)),
    );

    const started = Date.now();
    const result = await sendTestEmail(context, { timeoutMs: 10_000 });
    // Answered once the attempt failed, not at the end of the wait: the retry is 30 s away.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/^Test email queued; it has not been delivered yet \(.*451 Mailbox busy, try again later\)$/);
  });

  it("says it failed, with the reason, when the outbox gives it up", async () => {
    const smtp = await startPeer({ refuse: { code: 550, message: "No such mailbox" } });
    deliverWith(createMailer({ smtpUrl: smtp.url, dataDir, from }, silent), { maxAttempts: 1 });

    const result = await sendTestEmail(context, { timeoutMs: 2_000 });
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/^Test email failed: .*550 No such mailbox$/);
  });

  it("says it is queued when no worker picks it up in time, without waiting longer than asked", async () => {
    const started = Date.now();
    expect(await sendTestEmail(context, { timeoutMs: 300 })).toEqual({ ok: false, message: "Test email queued; it has not been delivered yet" });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("is for administrators: an editor's press is refused (403) on either page and queues nothing", async () => {
    const smtp = await startPeer();
    deliverWith(createMailer({ smtpUrl: smtp.url, dataDir, from }, silent));

    for (const [route, routePath] of [
      [settingsRoute, "/admin/settings"],
      [notificationsRoute, "/admin/notifications"],
    ] as const) {
      expect(await pressTestButton(route, routePath, editorCookie)).toMatchObject({ status: 403, body: { refusal: "admin-only" } });
    }
    expect(await database.db.select().from(outboxMessages).where(eq(outboxMessages.kind, "email"))).toEqual([]);
    expect(smtp.received).toEqual([]);
  });
});
