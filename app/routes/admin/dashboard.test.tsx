import type { AppLoadContext } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
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

  beforeEach(async () => {
    database = await backend.open();
    const auth = createTestAuth(database.db);
    context = testContext(database.db, auth, { storage: createFolderStorage("/nonexistent"), clientId: "dashboard" });
    cookie = (await signedInAccount(database.db, auth, "editor")).cookie;
  });
  afterEach(() => database.dispose());

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
    // "Live" checked nothing: only the link to the live site may say it.
    expect(page).not.toMatch(/Live(?! Site)/);
  });

  it("shows no warning once a mail server is set", async () => {
    const page = await dashboard("smtp");
    expect(page).not.toContain(warningTitle);
    expect(page).toContain("EmailsSent by the mail server");
  });
});
