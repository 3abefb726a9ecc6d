import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { currentAccount } from "#app/features/auth/guard.server.ts";
import { sessions } from "#server/db/schema.ts";
import { testContext } from "#tests/support/context.ts";
import { testBackends, type TestDatabase } from "#tests/support/databases.ts";
import { createAccount, createTestAuth, requestAs, signedInCookie, uniqueEmail } from "#tests/support/staff.ts";
import { action } from "./sign-out.ts";

describe.each(testBackends)("signing out on $name", (backend) => {
  let database: TestDatabase;
  let context: AppLoadContext;

  beforeEach(async () => {
    database = await backend.open();
    context = testContext(database.db, createTestAuth(database.db), { storage: {} as AppLoadContext["storage"], clientId: "sign-out" });
  });
  afterEach(() => database.dispose());

  const signOut = (cookie: string | null) => {
    const request = requestAs(cookie, "/auth/sign-out", { method: "POST" });
    return action({ request, context, params: {}, url: new URL(request.url), pattern: "/auth/sign-out" });
  };

  it("ends the session on the server and tells the browser to drop its cookie", async () => {
    const email = uniqueEmail();
    const userId = await createAccount(database.db, email, "editor");
    const cookie = await signedInCookie(context.auth, email);
    const sessionCookieName = cookie.split("=")[0] ?? "";
    expect(sessionCookieName).toMatch(/\.session_token$/);

    const response = await signOut(cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/auth");
    const cleared = response.headers.getSetCookie().find((setCookie) => setCookie.startsWith(`${sessionCookieName}=`));
    expect(cleared).toMatch(/^[^=]+=;/);
    // The browser replaces the cookie only with the same path, and takes a `__Secure-` one only when marked Secure.
    const attributes = (cleared ?? "").split(";").map((attribute) => attribute.trim().toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(["max-age=0", "path=/", "secure"]));

    expect(await database.db.select().from(sessions).where(eq(sessions.userId, userId))).toEqual([]);
    expect(await currentAccount(requestAs(cookie), context)).toBeNull();
  });

  it("sends a visitor without a session to sign in", async () => {
    const response = await signOut(null);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/auth");
  });
});
