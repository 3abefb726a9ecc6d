import type { AppLoadContext } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { defaultRetention, loadRetention } from "#app/features/inbox/retention.server.ts";
import { testContext } from "#tests/support/context.ts";
import { testBackends, type TestDatabase } from "#tests/support/databases.ts";
import { createTestAuth, requestAs, signedInAccount } from "#tests/support/staff.ts";
import { action, loader } from "./retention.tsx";

// Editors are refused this page by the authorisation matrix (it is an admin-only section).
describe.each(testBackends)("the retention settings page on $name", (backend) => {
  let database: TestDatabase;
  let context: AppLoadContext;
  let cookie: string;

  beforeEach(async () => {
    database = await backend.open();
    const auth = createTestAuth(database.db);
    context = testContext(database.db, auth, {
      storage: {} as AppLoadContext["storage"],
      clientId: "retention-route",
    });
    ({ cookie } = await signedInAccount(database.db, auth, "admin"));
  });
  afterEach(() => database.dispose());

  const args = (form?: Record<string, string>) => {
    const request = requestAs(cookie, "/admin/retention", form ? { method: "POST", body: new URLSearchParams(form) } : {});
    return { request, context, params: {}, url: new URL(request.url), pattern: "/admin/retention" };
  };

  it("refuses a value out of range or not a whole number, says why, shows what was typed and changes nothing", async () => {
    for (const [closedDays, message] of [
      ["0", "Keep them at least 1 day."],
      ["3651", "At most 3650 days (10 years)."],
      ["1.5", "Enter a whole number of days."],
      ["a year", "Enter a whole number of days."],
    ] as const) {
      const form = { closedDays, spamDays: "14" };
      expect(await action(args(form)), closedDays).toMatchObject({
        data: { errors: { closedDays: message }, values: form },
        init: { status: 400 },
      });
    }
    expect(await action(args({ closedDays: "90", spamDays: "Infinity" }))).toMatchObject({
      data: { errors: { spamDays: "Enter a whole number of days." } },
      init: { status: 400 },
    });
    expect(await loadRetention(database.db)).toEqual(defaultRetention);
  });

  it("saves good values, which the page then shows", async () => {
    expect(await loader(args())).toEqual(defaultRetention);
    expect(await action(args({ closedDays: "90", spamDays: "7" }))).toEqual({ saved: true });
    expect(await loader(args())).toEqual({ closedDays: 90, spamDays: 7 });
  });
});
