import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pino } from "pino";
import type { AppLoadContext } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadSiteStatus, siteStatusWords } from "#app/features/dashboard/site-status.server.ts";
import { createReadinessCheck, createSiteHealthCheck } from "#server/health.ts";
import { createFolderStorage } from "#server/storage.ts";
import { testContext } from "#tests/support/context.ts";
import { testBackends, type TestDatabase } from "#tests/support/databases.ts";
import { renderedText } from "#tests/support/render.tsx";
import { createTestAuth, requestAs, signedInAccount } from "#tests/support/staff.ts";
import Dashboard, { loader } from "./dashboard.tsx";

const warningTitle = "Emails are not being sent";

describe.each(testBackends)("the dashboard's mail state on $name", (backend) => {
  let database: TestDatabase;
  let context: AppLoadContext;
  let cookie: string;
  let uploads: string;

  beforeEach(async () => {
    database = await backend.open();
    uploads = mkdtempSync(path.join(tmpdir(), "dashboard-test-"));
    const auth = createTestAuth(database.db);
    context = testContext(database.db, auth, { storage: createFolderStorage(uploads), clientId: "dashboard" });
    cookie = (await signedInAccount(database.db, auth, "editor")).cookie;
  });
  afterEach(async () => {
    await database.dispose();
    rmSync(uploads, { recursive: true, force: true });
  });

  async function dashboard(mailDelivery: AppLoadContext["mailDelivery"]): Promise<string> {
    const loaderData = await loader({ request: requestAs(cookie, "/admin"), context: { ...context, mailDelivery }, params: {} } as never);
    return renderedText(<Dashboard {...({ loaderData, params: {} } as unknown as Parameters<typeof Dashboard>[0])} />);
  }

  it("warns, in plain words, while emails only go to files, and never claims more than it checks", async () => {
    const page = await dashboard("file");
    expect(page).toContain(warningTitle);
    expect(page).toContain("every email is only saved as a file on this server and nobody receives it");
    expect(page).toContain("new staff cannot confirm their address");
    expect(page).toContain("set SMTP_URL to your mail server's address");
    expect(page).toContain("EmailsNot sent: no mail server");
    // No mail server is an honest absence: the status says so and stays live while the rest answers.
    expect(page).toContain(`Site statusLive`);
    expect(page).toContain(siteStatusWords.noMailServer);
  });

  it("says what is wrong, in words, once the database stops answering", async () => {
    const stopping = await backend.open();
    const stoppingContext = testContext(stopping.db, createTestAuth(stopping.db), { storage: createFolderStorage(uploads), clientId: "dashboard" });
    expect(await loadSiteStatus(stoppingContext)).toMatchObject({ live: true, problems: [] });
    await stopping.dispose();
    expect(await loadSiteStatus(stoppingContext)).toEqual({
      live: false,
      problems: [siteStatusWords.database],
      note: siteStatusWords.noMailServer,
    });
  });

  it("names a mail server that does not answer, storage that cannot be written and a stopped sender", async () => {
    const readiness = createReadinessCheck({
      database: { ping: () => Promise.resolve() },
      storage: createFolderStorage(path.join(uploads, "a-file", "below-a-file")),
      outboxRunning: () => false,
      logger: pino({ level: "silent" }),
    });
    writeFileSync(path.join(uploads, "a-file"), "");
    const siteHealth = createSiteHealthCheck({ readiness, checkMail: () => Promise.reject(new Error("Connection refused")), mailConfigured: true });
    expect(await loadSiteStatus({ siteHealth })).toEqual({
      live: false,
      problems: [siteStatusWords.storage, siteStatusWords.outbox, siteStatusWords.mail],
      note: null,
    });
  });

  it("shows no warning once a mail server is set", async () => {
    const page = await dashboard("smtp");
    expect(page).not.toContain(warningTitle);
    expect(page).toContain("EmailsSent by the mail server");
  });
});
