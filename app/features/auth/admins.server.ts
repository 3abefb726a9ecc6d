import { and, count, eq, gt, isNull, sql } from "drizzle-orm";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import type { Database } from "#server/db/client.ts";
import { accounts, adminSetupTokens, users } from "#server/db/schema.ts";
import { siteLink } from "./account-emails.server.ts";
import type { Credentials } from "./credentials.ts";

type Executor = Pick<Database, "select" | "insert" | "update">;

/** A setup link works for a day and once. */
export const setupTokenLifetimeMs = 24 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export async function hasAdmin(executor: Pick<Database, "select">): Promise<boolean> {
  const [row] = await executor.select({ admins: count() }).from(users).where(eq(users.role, "admin"));
  return (row?.admins ?? 0) > 0;
}

/** On a site without an administrator, a fresh one-time link that creates the first one; otherwise null. */
export async function issueSetupLink(db: Database, publicUrl: string, now = new Date()): Promise<string | null> {
  if (await hasAdmin(db)) return null;
  const token = randomBytes(32).toString("base64url");
  await db.insert(adminSetupTokens).values({ tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + setupTokenLifetimeMs) });
  return siteLink(publicUrl, `/auth/setup?token=${token}`);
}

/** Whether a setup link can still be used (checked again, under lock, when it is). */
export async function setupLinkUsable(db: Database, token: string, now = new Date()): Promise<boolean> {
  const [row] = await db
    .select({ tokenHash: adminSetupTokens.tokenHash })
    .from(adminSetupTokens)
    .where(and(eq(adminSetupTokens.tokenHash, hashToken(token)), isNull(adminSetupTokens.usedAt), gt(adminSetupTokens.expiresAt, now)));
  return row !== undefined && !(await hasAdmin(db));
}

/**
 * Creates the account as a confirmed administrator, or makes an existing account one with this
 * password. The password is hashed as better-auth hashes it, so the account signs in as any other.
 */
export async function createOrPromoteAdmin(
  executor: Executor,
  { email, password }: Credentials,
  now = new Date(),
): Promise<"created" | "promoted"> {
  const passwordHash = await hashPassword(password);
  const [existing] = await executor.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) {
    await executor.update(users).set({ role: "admin", emailVerified: true, updatedAt: now }).where(eq(users.id, existing.id));
    const updated = await executor
      .update(accounts)
      .set({ password: passwordHash, updatedAt: now })
      .where(and(eq(accounts.userId, existing.id), eq(accounts.providerId, "credential")))
      .returning({ id: accounts.id });
    if (updated.length === 0) {
      await executor
        .insert(accounts)
        .values({ id: randomUUID(), accountId: existing.id, providerId: "credential", userId: existing.id, password: passwordHash });
    }
    return "promoted";
  }
  const id = randomUUID();
  await executor.insert(users).values({ id, email, name: email.split("@")[0] ?? email, emailVerified: true, role: "admin" });
  await executor.insert(accounts).values({ id: randomUUID(), accountId: id, providerId: "credential", userId: id, password: passwordHash });
  return "created";
}

/** Uses the setup link: false (and nothing changed) when it is unknown, used, expired, or an admin exists. */
export async function createFirstAdmin(db: Database, token: string, credentials: Credentials, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Two links used at the same moment must not both find "no admin yet".
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('admin-setup'))`);
    const [row] = await tx
      .select()
      .from(adminSetupTokens)
      .where(and(eq(adminSetupTokens.tokenHash, hashToken(token)), isNull(adminSetupTokens.usedAt), gt(adminSetupTokens.expiresAt, now)))
      .for("update");
    if (!row || (await hasAdmin(tx))) return false;
    await createOrPromoteAdmin(tx, credentials, now);
    await tx.update(adminSetupTokens).set({ usedAt: now }).where(eq(adminSetupTokens.tokenHash, row.tokenHash));
    return true;
  });
}
