import { eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { accounts, outboxMessages, sessions, users } from "#server/db/schema.ts";
import { seedDefaults } from "#server/db/seed.ts";
import { testBackends, type TestDatabase } from "#tests/support/databases.ts";
import { createAccount, createTestAuth, requestAs, signedInCookie, uniqueEmail } from "#tests/support/staff.ts";
import { createFirstAdmin, createOrPromoteAdmin, issueSetupLink, setupLinkUsable, type SetupLink } from "./admins.server.ts";
import type { Auth } from "./auth.server.ts";
import { authMessages } from "./credentials.ts";
import { currentAccount, requireAccess } from "./guard.server.ts";
import { signIn, signUp, type AuthDependencies } from "./sign-in.server.ts";
import { recentStaffEvents } from "#app/features/audit/staff-events.server.ts";
import { lastAdminMessage, setAccountRole, unconfirmedMessage } from "./users.server.ts";

const dayMs = 24 * 60 * 60 * 1000;

/** The attributes of the session cookie among these `Set-Cookie` headers, lower-cased; empty when there is none. */
function sessionCookieAttributes(headers: Headers): string[] {
  const cookie = headers.getSetCookie().find((setCookie) => setCookie.split("=")[0]?.endsWith(".session_token"));
  return (cookie ?? "")
    .split(";")
    .slice(1)
    .map((attribute) => attribute.trim().toLowerCase());
}

async function thrown(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

describe.each(testBackends)("staff accounts on $name", (backend) => {
  let database: TestDatabase;
  let auth: Auth;
  let clock: Date;
  let deps: AuthDependencies;

  beforeEach(async () => {
    database = await backend.open();
    await seedDefaults(database.db);
    auth = createTestAuth(database.db);
    clock = new Date();
    deps = { auth, db: database.db, logger: pino({ level: "silent" }), clientId: randomUUID(), now: () => clock };
  });
  afterEach(async () => {
    vi.useRealTimers();
    await database.dispose();
  });

  const form = (email: string, password: string) => ({ email, password });
  const post = () => requestAs(null, "/auth", { method: "POST" });
  const mailsTo = async (to: string) =>
    (await database.db.select().from(outboxMessages))
      .map((row) => row.payload as { to: string; subject: string; text: string })
      .filter((mail) => mail.to === to);

  it("signs up a pending account, stores only a hash of the password and mails a confirmation link that confirms it", async () => {
    const email = uniqueEmail();
    expect(await signUp(post(), form(`  <b>${email.toUpperCase()}</b> `, "hunter22"), deps)).toEqual({
      ok: true,
      intent: "sign-up",
      message: "Please check your email for confirmation link",
    });
    const [user] = await database.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ role: "pending", emailVerified: false });
    const [account] = await database.db
      .select()
      .from(accounts)
      .where(eq(accounts.userId, user?.id ?? ""));
    expect(account?.password).toBeTruthy();
    expect(account?.password).not.toContain("hunter22");

    const [mail] = await mailsTo(email);
    const link = /https:\/\/www\.example\.com\/auth\/confirm\?token=(\S+)/.exec(mail?.text ?? "");
    expect(link).not.toBeNull();
    await auth.api.verifyEmail({ query: { token: decodeURIComponent(link?.[1] ?? "") } });
    const [confirmed] = await database.db.select().from(users).where(eq(users.email, email));
    expect(confirmed?.emailVerified).toBe(true);
    expect(confirmed?.role).toBe("pending");
  });

  it("answers a sign-up for a known address as any other, and mails the owner instead of making a second account", async () => {
    const email = uniqueEmail();
    await createAccount(database.db, email, "editor");
    expect(await signUp(post(), form(email, "another-pass"), deps)).toMatchObject({ ok: true, message: authMessages.checkEmail });
    expect(await database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
    expect((await mailsTo(email)).map((mail) => mail.subject)).toEqual([expect.stringMatching(/^You already have an account/)]);
  });

  it("refuses bad input with the spec's messages and creates nothing", async () => {
    expect(await signUp(post(), form("", "hunter22"), deps)).toMatchObject({
      ok: false,
      message: "Please fill in all fields",
      status: 400,
    });
    expect(await signUp(post(), form("a@b", "hunter22"), deps)).toMatchObject({ ok: false, message: "Please enter a valid email address" });
    expect(await signUp(post(), form(`${"a".repeat(95)}@b.com`, "hunter22"), deps)).toMatchObject({
      message: "Please enter a valid email address",
    });
    expect(await signUp(post(), form("a@b.com", "12345"), deps)).toMatchObject({
      ok: false,
      message: "Password must be at least 6 characters",
    });
    expect(await signIn(post(), form("a@b.com", ""), deps)).toMatchObject({ ok: false, message: "Please fill in all fields" });
    expect(await database.db.select().from(users)).toEqual([]);
  });

  it.each([
    ["six spaces", "      ", authMessages.blankPassword],
    ["only whitespace", " \t \n \t ", authMessages.blankPassword],
    ["one of the commonest passwords", "Password123", authMessages.commonPassword],
    ["a keyboard row", "qwertyuiop", authMessages.commonPassword],
    ["one character repeated", "zzzzzzzz", authMessages.commonPassword],
    ["a run of digits", "3456789", authMessages.commonPassword],
    ["the alphabet backwards", "fedcba", authMessages.commonPassword],
    ["the address's name", "Jane.Doe2024", authMessages.commonPassword],
    ["the company's name", "Service Ready Restoration!", authMessages.commonPassword],
  ])("refuses a new password that is %s, and creates nothing", async (_case, password, message) => {
    expect(await signUp(post(), form("jane.doe@example.com", password), deps)).toEqual({
      ok: false,
      intent: "sign-up",
      email: "jane.doe@example.com",
      status: 400,
      message,
    });
    expect(await database.db.select().from(users)).toEqual([]);
    expect(authMessages.commonPassword).toBe("This password is too common. Choose one that is harder to guess.");
  });

  it("takes a password that is hard to guess, spaces and all", async () => {
    expect(await signUp(post(), form("jane.doe@example.com", "  blue kettle on a roof  "), deps)).toMatchObject({ ok: true });
  });

  it.each(["      ", "password123"])("still signs in an existing account whose password %j would be refused today", async (password) => {
    const email = uniqueEmail();
    await createAccount(database.db, email, "editor", password);
    expect(await signIn(post(), form(email, password), deps)).toMatchObject({ ok: true, intent: "sign-in" });
  });

  it("signs in with the right password, and answers a wrong password and an unknown email the same way", async () => {
    const email = uniqueEmail();
    await createAccount(database.db, email, "editor", "right-password");
    const good = await signIn(post(), form(email, "right-password"), deps);
    expect(sessionCookieAttributes(good.ok && good.intent === "sign-in" ? good.headers : new Headers())).toEqual(
      expect.arrayContaining(["httponly", "samesite=lax", "secure"]),
    );
    const wrong = await signIn(post(), form(email, "wrong-password"), deps);
    const unknown = await signIn(post(), form(uniqueEmail(), "wrong-password"), deps);
    expect(wrong).toMatchObject({ ok: false, message: "Invalid email or password", status: 401 });
    expect(unknown).toMatchObject({ ok: false, message: "Invalid email or password", status: 401 });
  });

  it("marks the session cookie Secure only when the site is served over https", async () => {
    const email = uniqueEmail();
    await createAccount(database.db, email, "editor");
    const plainAuth = createTestAuth(database.db, { publicUrl: "http://localhost:3000", https: false });
    const { headers } = await plainAuth.api.signInEmail({ body: { email, password: "correct horse" }, returnHeaders: true });
    const attributes = sessionCookieAttributes(headers);
    expect(attributes).toEqual(expect.arrayContaining(["httponly", "samesite=lax"]));
    expect(attributes).not.toContain("secure");
  });

  it("tells an unconfirmed account with the right password to confirm, and sends a fresh link", async () => {
    const email = uniqueEmail();
    await signUp(post(), form(email, "hunter22"), deps);
    expect(await signIn(post(), form(email, "hunter22"), deps)).toMatchObject({ ok: false, message: authMessages.unconfirmed });
    expect((await mailsTo(email)).filter((mail) => mail.subject.startsWith("Confirm"))).toHaveLength(2);
  });

  it("refuses the 6th sign-in attempt for an email within 5 minutes, and allows it again after", async () => {
    const email = uniqueEmail();
    await createAccount(database.db, email, "editor", "right-password");
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect(await signIn(post(), form(email, "wrong-password"), { ...deps, clientId: randomUUID() })).toMatchObject({ status: 401 });
    }
    expect(await signIn(post(), form(email, "right-password"), { ...deps, clientId: randomUUID() })).toMatchObject({
      ok: false,
      message: "Too many login attempts. Please wait before trying again.",
      status: 429,
    });
    clock = new Date(clock.getTime() + 5 * 60 * 1000 + 1);
    expect(await signIn(post(), form(email, "right-password"), deps)).toMatchObject({ ok: true });
  });

  it("refuses the 6th sign-up for an email within 5 minutes, and holds back one client trying many addresses", async () => {
    const email = uniqueEmail();
    for (let attempt = 1; attempt <= 5; attempt++) await signUp(post(), form(email, "hunter22"), { ...deps, clientId: randomUUID() });
    expect(await signUp(post(), form(email, "hunter22"), { ...deps, clientId: randomUUID() })).toMatchObject({
      message: "Too many signup attempts. Please wait before trying again.",
      status: 429,
    });
    const client = { ...deps, clientId: randomUUID() };
    for (let attempt = 1; attempt <= 20; attempt++) await signIn(post(), form(uniqueEmail(), "whatever1"), client);
    expect(await signIn(post(), form(uniqueEmail(), "whatever1"), client)).toMatchObject({
      status: 429,
      message: authMessages.tooManySignIns,
    });
  });

  it("ends a session 24 hours after sign-in, however busy it was", async () => {
    const email = uniqueEmail();
    await createAccount(database.db, email, "editor");
    const signedInAt = Date.now();
    const cookie = await signedInCookie(auth, email);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(signedInAt + dayMs - 60_000);
    expect(await currentAccount(requestAs(cookie), { auth })).toMatchObject({ email });
    vi.setSystemTime(signedInAt + dayMs + 1_000);
    expect(await currentAccount(requestAs(cookie), { auth })).toBeNull();
  });

  it("signing out ends the session on the server: the old cookie no longer works", async () => {
    const email = uniqueEmail();
    const userId = await createAccount(database.db, email, "editor");
    const cookie = await signedInCookie(auth, email);
    await auth.api.signOut({ headers: requestAs(cookie).headers });
    expect(await currentAccount(requestAs(cookie), { auth })).toBeNull();
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, userId))).toEqual([]);
  });

  it("guards: a visitor is sent to sign in, pending and revoked accounts and editors on admin pages get 403 with the reason", async () => {
    const visitor = await thrown(() => requireAccess(requestAs(null), { auth }, "staff"));
    expect(visitor).toBeInstanceOf(Response);
    expect((visitor as Response).headers.get("Location")).toBe("/auth");

    for (const [role, access, refusal] of [
      ["pending", "staff", "pending"],
      ["revoked", "staff", "revoked"],
      ["editor", "admin", "admin-only"],
    ] as const) {
      const email = uniqueEmail(role);
      await createAccount(database.db, email, role);
      const refused = await thrown(async () => requireAccess(requestAs(await signedInCookie(auth, email)), { auth }, access));
      expect(refused).toMatchObject({ type: "DataWithResponseInit", data: { refusal, email }, init: { status: 403 } });
    }
    const editor = uniqueEmail("editor");
    await createAccount(database.db, editor, "editor");
    expect(await requireAccess(requestAs(await signedInCookie(auth, editor)), { auth }, "staff")).toMatchObject({
      email: editor,
      role: "editor",
    });
  });

  it("approves confirmed accounts only, never removes the last admin, and signs out an account that loses access", async () => {
    const admin = await createAccount(database.db, uniqueEmail("admin"), "admin");
    const change = { actor: { id: admin, email: "boss@example.com" }, notices: { publicUrl: "https://www.example.com", companyName: "Service Ready" } };
    expect(await setAccountRole(database.db, admin, "editor", change)).toBe(lastAdminMessage);
    expect(await setAccountRole(database.db, admin, "revoked", change)).toBe(lastAdminMessage);

    const newcomer = uniqueEmail("new");
    await signUp(post(), form(newcomer, "hunter22"), deps);
    const [pending] = await database.db.select().from(users).where(eq(users.email, newcomer));
    expect(await setAccountRole(database.db, pending?.id ?? "", "editor", change)).toBe(unconfirmedMessage);

    const secondEmail = uniqueEmail("second");
    const second = await createAccount(database.db, secondEmail, "editor");
    expect(await setAccountRole(database.db, second, "admin", change)).toBeNull();
    expect(await setAccountRole(database.db, admin, "editor", change)).toBeNull();
    const cookie = await signedInCookie(auth, secondEmail);
    expect(await setAccountRole(database.db, second, "editor", change)).toBe(lastAdminMessage);
    await setAccountRole(database.db, admin, "admin", change);
    expect(await setAccountRole(database.db, second, "revoked", change)).toBeNull();
    expect(await currentAccount(requestAs(cookie), { auth })).toBeNull();
    // Each change that happened is in the audit log with who made it; refused ones are not.
    expect((await recentStaffEvents(database.db)).map((event) => [event.actorEmail, event.subjectEmail, event.details.from, event.details.to])).toEqual([
      ["boss@example.com", secondEmail, "admin", "revoked"],
      ["boss@example.com", expect.any(String), "editor", "admin"],
      ["boss@example.com", expect.any(String), "admin", "editor"],
      ["boss@example.com", secondEmail, "editor", "admin"],
    ]);
  });

  it("creates the first admin with the setup link once, and never once an admin exists or after 24 hours", async () => {
    const tokenOf = (link: SetupLink | null) => new URL(link?.issued ? link.link : "https://nowhere.example").searchParams.get("token") ?? "";
    const expired = tokenOf(await issueSetupLink(database.db, "https://www.example.com", new Date(clock.getTime() - dayMs - 1)));
    const token = tokenOf(await issueSetupLink(database.db, "https://www.example.com", clock));
    expect(await setupLinkUsable(database.db, token, clock)).toBe(true);
    expect(await createFirstAdmin(database.db, expired, { email: "late@example.com", password: "hunter22" }, clock)).toBe(false);

    expect(await createFirstAdmin(database.db, token, { email: "boss@example.com", password: "hunter22" }, clock)).toBe(true);
    expect(await createFirstAdmin(database.db, token, { email: "again@example.com", password: "hunter22" }, clock)).toBe(false);
    expect(await setupLinkUsable(database.db, token, clock)).toBe(false);
    expect(await issueSetupLink(database.db, "https://www.example.com", clock)).toBeNull();
    expect(
      (await database.db.select({ email: users.email, role: users.role }).from(users)).sort((a, b) => a.email.localeCompare(b.email)),
    ).toEqual([{ email: "boss@example.com", role: "admin" }]);
    expect(await signIn(post(), form("boss@example.com", "hunter22"), deps)).toMatchObject({ ok: true });
  });

  it("create-admin promotes an existing account and sets its password", async () => {
    const email = uniqueEmail();
    await signUp(post(), form(email, "old-password"), deps);
    expect(await createOrPromoteAdmin(database.db, { email, password: "new-password" })).toBe("promoted");
    expect(await signIn(post(), form(email, "new-password"), deps)).toMatchObject({ ok: true });
    expect(await signIn(post(), form(email, "old-password"), deps)).toMatchObject({ ok: false });
    const [user] = await database.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ role: "admin", emailVerified: true });
  });
});
