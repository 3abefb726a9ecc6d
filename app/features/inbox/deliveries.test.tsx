import { eq } from "drizzle-orm";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pino } from "pino";
import type { AppLoadContext } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as outboxRoute from "#app/routes/admin/outbox.tsx";
import * as requestRoute from "#app/routes/admin/request.tsx";
import { outboxMessages } from "#server/db/schema.ts";
import { createMailer, type Mailer } from "#server/mail.ts";
import { enqueueEmail, startOutboxWorker } from "#server/outbox.ts";
import { createFolderStorage } from "#server/storage.ts";
import { testContext } from "#tests/support/context.ts";
import { testBackends, type TestDatabase } from "#tests/support/databases.ts";
import { renderedText } from "#tests/support/render.tsx";
import { storeRequest } from "#tests/support/requests.ts";
import { startSmtpServer } from "#tests/support/smtp.ts";
import { createTestAuth, requestAs, signedInAccount } from "#tests/support/staff.ts";
import { savedToFileText } from "./deliveries.tsx";

const silent = pino({ level: "silent" });
const from = "Service Ready Restoration <office@serviceready.example>";

describe.each(testBackends)("delivery labels on $name", (backend) => {
  let database: TestDatabase;
  let dataDir: string;
  let context: AppLoadContext;
  let editorCookie: string;
  let adminCookie: string;
  const cleanups: (() => unknown)[] = [];

  beforeEach(async () => {
    database = await backend.open();
    dataDir = mkdtempSync(path.join(tmpdir(), "delivery-labels-test-"));
    const auth = createTestAuth(database.db);
    context = testContext(database.db, auth, { storage: createFolderStorage(path.join(dataDir, "uploads")), clientId: "labels" });
    editorCookie = (await signedInAccount(database.db, auth, "editor")).cookie;
    adminCookie = (await signedInAccount(database.db, auth, "admin")).cookie;
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await database.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A new request with its office email, delivered by a worker with this mailer. */
  async function requestNotifiedBy(mailer: Mailer): Promise<string> {
    cleanups.push(() => mailer.close());
    const { id } = await storeRequest(database.db, context.storage);
    await enqueueEmail(database.db, { to: "office@serviceready.example", subject: "New service request", text: "Body\n" }, id, "Office email");
    const worker = startOutboxWorker({ db: database.db, mailer, logger: silent, pollIntervalMs: 3_600_000 });
    await worker.drain();
    await worker.stop();
    return id;
  }

  /** The request page as an editor reads it. */
  async function requestPage(id: string): Promise<string> {
    const args = { request: requestAs(editorCookie, `/admin/requests/${id}`), context, params: { id } };
    const loaderData = await requestRoute.loader(args as never);
    return renderedText(<requestRoute.default {...({ loaderData, params: { id } } as unknown as Parameters<typeof requestRoute.default>[0])} />);
  }

  /** The outbox page as an administrator reads it. */
  async function outboxPage(): Promise<string> {
    const loaderData = await outboxRoute.loader({ request: requestAs(adminCookie, "/admin/outbox"), context, params: {} } as never);
    return renderedText(<outboxRoute.default {...({ loaderData, params: {} } as unknown as Parameters<typeof outboxRoute.default>[0])} />);
  }

  it(`says "${savedToFileText}", never "Sent", for an email written to a file without SMTP_URL`, async () => {
    const id = await requestNotifiedBy(createMailer({ smtpUrl: undefined, dataDir, from }, silent));

    const page = await requestPage(id);
    expect(page).toContain(`Office email: ${savedToFileText}`);
    expect(page).not.toMatch(/Office email: Sent/);
    const outbox = await outboxPage();
    expect(outbox).toContain(`Emails${savedToFileText}1`);
    expect(outbox).not.toContain("Sent");
  });

  it("says 'Sent' and when, for an email a mail server accepted", async () => {
    const smtp = await startSmtpServer();
    cleanups.push(() => smtp.close());
    const id = await requestNotifiedBy(createMailer({ smtpUrl: smtp.url, dataDir, from }, silent));

    expect(smtp.received).toHaveLength(1);
    const page = await requestPage(id);
    expect(page).toMatch(/Office email: Sent [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    expect(page).not.toContain(savedToFileText);
    expect(await outboxPage()).toContain("EmailsSent1");
  });

  it("still says 'Sent' for a message sent before where it went was recorded", async () => {
    const id = await requestNotifiedBy(createMailer({ smtpUrl: undefined, dataDir, from }, silent));
    await database.db.update(outboxMessages).set({ sentVia: null }).where(eq(outboxMessages.requestId, id));

    const page = await requestPage(id);
    expect(page).toMatch(/Office email: Sent [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    expect(page).not.toContain(savedToFileText);
  });
});
