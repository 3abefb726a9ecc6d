import { eq } from "drizzle-orm";
import { pino } from "pino";
import type { AppLoadContext } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { issueSetupLink } from "#app/features/auth/admins.server.ts";
import { authMessages } from "#app/features/auth/credentials.ts";
import { users } from "#server/db/schema.ts";
import { testBackends, type TestDatabase } from "#tests/support/databases.ts";
import { createTestAuth, requestAs, testPublicUrl } from "#tests/support/staff.ts";
import { action, loader } from "./setup.tsx";

describe.each(testBackends)("the setup link page on $name", (backend) => {
  let database: TestDatabase;
  let context: AppLoadContext;

  beforeEach(async () => {
    database = await backend.open();
    context = { db: database.db, auth: createTestAuth(database.db), logger: pino({ level: "silent" }) } as AppLoadContext;
  });
  afterEach(() => database.dispose());

  const args = (path: string, body?: Record<string, string>) => {
    const request = requestAs(null, path, body ? { method: "POST", body: new URLSearchParams(body) } : {});
    return { request, context, params: {}, url: new URL(request.url), pattern: "/auth/setup" };
  };

  it("offers the form for a good link, creates the admin once, then refuses the link", async () => {
    const issued = await issueSetupLink(database.db, testPublicUrl);
    const link = new URL(issued?.issued ? issued.link : "");
    const path = `${link.pathname}${link.search}`;
    expect((await loader(args(path))).data).toEqual({ usable: true });

    const refused = await action(args(path, { email: "boss@example.com", password: "123" }));
    expect(refused).toMatchObject({ data: { error: "Password must be at least 6 characters" }, init: { status: 400 } });
    for (const [password, error] of [
      ["      ", authMessages.blankPassword],
      ["password1", authMessages.commonPassword],
      ["ServiceReady2026", authMessages.commonPassword],
    ]) {
      expect(await action(args(path, { email: "boss@example.com", password: password ?? "" }))).toMatchObject({ data: { error }, init: { status: 400 } });
    }
    expect(await database.db.select().from(users)).toEqual([]);

    const created = await action(args(path, { email: " Boss@Example.com ", password: "hunter22" })).catch((error: unknown) => error);
    expect(created).toBeInstanceOf(Response);
    expect((created as Response).headers.get("Location")).toBe("/auth?created=admin");
    expect(await database.db.select({ role: users.role }).from(users).where(eq(users.email, "boss@example.com"))).toEqual([
      { role: "admin" },
    ]);

    expect(await action(args(path, { email: "second@example.com", password: "hunter22" }))).toMatchObject({
      data: { error: authMessages.setupLinkInvalid },
      init: { status: 404 },
    });
    expect(await loader(args(path))).toMatchObject({ data: { usable: false }, init: { status: 404 } });
  });

  it("refuses a made-up token", async () => {
    expect(await loader(args("/auth/setup?token=made-up"))).toMatchObject({ data: { usable: false }, init: { status: 404 } });
  });
});
