import { eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { pino } from "pino";
import { createOrPromoteAdmin } from "#app/features/auth/admins.server.ts";
import { createAuth, type Auth, type AuthOptions } from "#app/features/auth/auth.server.ts";
import type { AccountRole } from "#app/domain/roles.ts";
import type { Database } from "#server/db/client.ts";
import { users } from "#server/db/schema.ts";

export const testPublicUrl = "https://www.example.com";

/** The site's auth as configured behind https at `testPublicUrl`, unless `options` say otherwise. */
export function createTestAuth(db: Database, options: Partial<Omit<AuthOptions, "db">> = {}): Auth {
  return createAuth({
    db,
    logger: pino({ level: "silent" }),
    secret: "test-secret-".padEnd(40, "x"),
    publicUrl: testPublicUrl,
    https: true,
    notifyOutbox: () => {},
    ...options,
  });
}

/** A confirmed account with this role and password. */
export async function createAccount(db: Database, email: string, role: AccountRole, password = "correct horse"): Promise<string> {
  await createOrPromoteAdmin(db, { email, password });
  await db.update(users).set({ role }).where(eq(users.email, email));
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id ?? "";
}

/** The `Cookie` header a browser would send after this sign-in. */
export function cookieFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

export async function signedInCookie(auth: Auth, email: string, password = "correct horse"): Promise<string> {
  const { headers } = await auth.api.signInEmail({ body: { email, password }, returnHeaders: true });
  return cookieFrom(headers);
}

/** A new account with the role, signed in: its email and its session cookie. */
export async function signedInAccount(db: Database, auth: Auth, role: AccountRole): Promise<{ email: string; cookie: string }> {
  const email = uniqueEmail(role);
  await createAccount(db, email, role);
  return { email, cookie: await signedInCookie(auth, email) };
}

/** A request to the site as the holder of `cookie` (or a visitor), from our own origin. */
export function requestAs(cookie: string | null, path = "/admin", init: RequestInit = {}): Request {
  const headers = new Headers(init.headers);
  if (cookie) headers.set("Cookie", cookie);
  headers.set("Origin", testPublicUrl);
  return new Request(`${testPublicUrl}${path}`, { ...init, headers });
}

export const uniqueEmail = (name = "staff") => `${name}.${randomUUID().slice(0, 8)}@example.com`;
