import { and, eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pino } from "pino";
import type { AppLoadContext } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { defaultCompany } from "#app/content/company.ts";
import { auditLog } from "#app/features/audit/staff-events.server.ts";
import { editorMessages } from "#app/features/content/messages.ts";
import { loadNotificationRecipients } from "#app/features/office-notifications/recipients.server.ts";
import { notificationLabels } from "#app/features/service-request/notifications.server.ts";
import { submitServiceRequest } from "#app/features/service-request/submit.server.ts";
import { contentRevisions, officeNotifications, outboxMessages, siteSettings } from "#server/db/schema.ts";
import { seedDefaults } from "#server/db/seed.ts";
import { createMailer } from "#server/mail.ts";
import { startOutboxWorker } from "#server/outbox.ts";
import { createFolderStorage } from "#server/storage.ts";
import { answer } from "#tests/support/answer.ts";
import { testContext } from "#tests/support/context.ts";
import { requestFormPost } from "#tests/support/requests.ts";
import { testBackends, type TestDatabase } from "#tests/support/databases.ts";
import { renderedText } from "#tests/support/render.tsx";
import { startSmtpServer } from "#tests/support/smtp.ts";
import { createTestAuth, requestAs, signedInAccount } from "#tests/support/staff.ts";
import NotificationsEditor, { action, loader } from "./notifications.tsx";
import SettingsEditor, * as settingsRoute from "./settings.tsx";

describe.each(testBackends)("office notification recipients on $name", (backend) => {
  let database: TestDatabase;
  let dataDir: string;
  let context: AppLoadContext;
  let editor: { email: string; cookie: string };
  let admin: { email: string; cookie: string };

  beforeEach(async () => {
    database = await backend.open();
    await seedDefaults(database.db);
    dataDir = mkdtempSync(path.join(tmpdir(), "notifications-test-"));
    const auth = createTestAuth(database.db);
    context = testContext(database.db, auth, { storage: createFolderStorage(path.join(dataDir, "uploads")), clientId: "notifications" });
    editor = await signedInAccount(database.db, auth, "editor");
    admin = await signedInAccount(database.db, auth, "admin");
  });
  afterEach(async () => {
    await database.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const save = (cookie: string, recipients: string) =>
    answer(() =>
      action({
        request: requestAs(cookie, "/admin/notifications", { method: "POST", body: new URLSearchParams({ intent: "save", recipients }) }),
        context,
        params: {},
      } as never),
    );
  const recipients = () => loadNotificationRecipients(context);
  const revisions = () => database.db.select().from(contentRevisions).where(eq(contentRevisions.section, "notifications"));

  /** A page as this account reads it. */
  async function page(route: "notifications" | "settings", cookie: string): Promise<string> {
    const args = { request: requestAs(cookie, `/admin/${route}`), context, params: {} } as never;
    if (route === "settings") {
      const loaderData = await settingsRoute.loader(args);
      return renderedText(<SettingsEditor {...({ loaderData, params: {} } as unknown as Parameters<typeof SettingsEditor>[0])} />);
    }
    const loaderData = await loader(args);
    return renderedText(<NotificationsEditor {...({ loaderData, params: {} } as unknown as Parameters<typeof NotificationsEditor>[0])} />);
  }

  it("starts as the company's office email on a fresh install", async () => {
    expect(await recipients()).toEqual([defaultCompany.officeEmail]);
  });

  it("falls back to the site's office email while no list is stored", async () => {
    await database.db.delete(officeNotifications);
    await database.db.update(siteSettings).set({ officeEmail: "front-desk@ready.example" });
    expect(await recipients()).toEqual(["front-desk@ready.example"]);
  });

  it("refuses an editor's change on the server (403) and changes nothing; the editor reads them without a form", async () => {
    const result = await save(editor.cookie, "someone@else.example");
    expect(result).toMatchObject({ status: 403, body: { refusal: "admin-only" } });
    expect(await recipients()).toEqual([defaultCompany.officeEmail]);
    expect(await revisions()).toEqual([]);

    const readOnly = await page("notifications", editor.cookie);
    expect(readOnly).toContain(defaultCompany.officeEmail);
    expect(readOnly).toContain("Only an administrator can change these addresses.");
    expect(readOnly).not.toContain("Save Changes");
    expect(readOnly).not.toContain("Send test email");
  });

  it.each([
    ["a mistyped address", "dispatch@ready.example\njon@examplecom", '"jon@examplecom" is not a valid email address'],
    ["an address without its domain's end", "dispatch@ready.example, owner@ready", '"owner@ready" is not a valid email address'],
    ["no address", " \n ", "Enter at least one address"],
    ["eleven addresses", Array.from({ length: 11 }, (_, index) => `crew${index}@ready.example`).join("\n"), "At most 10 addresses"],
    ["a too long address", `${"x".repeat(95)}@ready.example`, `"${"x".repeat(40)}..." is too long: at most 100 characters`],
  ])("refuses an administrator's list with %s, with a message naming the problem, and changes nothing", async (_case, typed, message) => {
    const result = await save(admin.cookie, typed);
    expect(result.status).toBe(400);
    expect(result.body.errors).toEqual({ recipients: message });
    expect(result.body.toast).toEqual({ title: "Error", message: editorMessages.notifications.failed });
    expect(result.body.values).toEqual({ intent: "save", recipients: typed });
    expect(await recipients()).toEqual([defaultCompany.officeEmail]);
    expect(await revisions()).toEqual([]);
  });

  it("saves an administrator's list, one address a line, into the audit log with who changed it, and offers a test email", async () => {
    const result = await save(admin.cookie, "Dispatch@Ready.example\n\nowner@ready.example\ndispatch@ready.example");
    expect(result).toEqual({ status: 200, body: { ok: true, toast: { title: "Success", message: editorMessages.notifications.saved } } });
    expect(await recipients()).toEqual(["dispatch@ready.example", "owner@ready.example"]);

    const { entries } = await auditLog(database.db);
    expect(entries).toEqual([
      expect.objectContaining({ section: "notifications", kind: "save", changedFields: ["Recipients"], authorEmail: admin.email }),
    ]);
    const [initial] = await database.db
      .select({ content: contentRevisions.content })
      .from(contentRevisions)
      .where(and(eq(contentRevisions.section, "notifications"), eq(contentRevisions.kind, "initial")));
    expect(initial?.content).toEqual({ recipients: [defaultCompany.officeEmail] });

    const loaderData = await loader({ request: requestAs(admin.cookie, "/admin/notifications"), context, params: {} } as never);
    const afterSave = await renderedText(
      <NotificationsEditor {...({ loaderData, actionData: result.body, params: {} } as unknown as Parameters<typeof NotificationsEditor>[0])} />,
    );
    expect(afterSave).toContain("Saved. Send a test email now to make sure every address receives it.");
    expect(afterSave).toContain("Send test email");
  });

  it("labels the site's office email as what visitors see, and shows the recipients on the settings page", async () => {
    await save(admin.cookie, "dispatch@ready.example\nowner@ready.example");
    for (const cookie of [admin.cookie, editor.cookie]) {
      const settings = await page("settings", cookie);
      expect(settings).toContain("Office email (shown on the site)");
      expect(settings).not.toContain("New requests are sent here.");
      expect(settings).toContain("dispatch@ready.exampleowner@ready.example");
    }
    expect(await page("settings", admin.cookie)).toContain("Send test email");
    expect(await page("settings", editor.cookie)).not.toContain("Send test email");
  });

  it("emails a new request's office notification to every recipient", async () => {
    await save(admin.cookie, "dispatch@ready.example\nowner@ready.example");
    const smtp = await startSmtpServer();
    const mailer = createMailer({ smtpUrl: smtp.url, dataDir, from: "Service Ready Restoration <office@serviceready.example>" }, pino({ level: "silent" }));
    try {
      const { result } = await submitServiceRequest(requestFormPost({ email: "jane@example.com" }), { ...context, clientId: randomUUID() });
      expect(result.status).toBe("received");

      const [office] = await database.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.kind, "email"))
        .then((rows) => rows.filter((row) => row.label === notificationLabels.office));
      expect((office?.payload as { to: string }).to).toBe("dispatch@ready.example, owner@ready.example");

      const worker = startOutboxWorker({ db: database.db, mailer, logger: pino({ level: "silent" }), pollIntervalMs: 3_600_000 });
      await worker.drain();
      await worker.stop();
      const received = smtp.received.find((mail) => mail.subject.includes("New service request"));
      expect(received?.to.sort()).toEqual(["dispatch@ready.example", "owner@ready.example"]);
      expect(received?.raw).toMatch(/^To: dispatch@ready\.example, owner@ready\.example\r?$/m);
    } finally {
      mailer.close();
      await smtp.close();
    }
  });
});
