import { and, count, desc, eq, gt, isNull, sql } from "drizzle-orm";
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

/** Serialises everything that reads or changes the setup links, across instances. */
const lockSetupLinks = (tx: Pick<Database, "execute">) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('admin-setup'))`);

/** A link made now (to show once, its token is kept only hashed), or one made before that still works. */
export type SetupLink = { issued: true; link: string; expiresAt: Date } | { issued: false; expiresAt: Date };

/**
 * On a site without an administrator: a one-time link that creates the first one, unless a usable
 * link exists already (made by an earlier start or another instance starting at the same moment),
 * whose expiry is returned instead: a bearer token is shown once, by whoever made it. Null once an
 * administrator exists. `replace` makes a new link whatever exists, for an operator who lost it.
 */
export async function issueSetupLink(db: Database, publicUrl: string, now = new Date(), { replace = false } = {}): Promise<SetupLink | null> {
  return db.transaction(async (tx) => {
    await lockSetupLinks(tx);
    if (await hasAdmin(tx)) return null;
    const unused = isNull(adminSetupTokens.usedAt);
    if (replace) {
      await tx.delete(adminSetupTokens).where(unused);
    } else {
      const [usable] = await tx
        .select({ expiresAt: adminSetupTokens.expiresAt })
        .from(adminSetupTokens)
        .where(and(unused, gt(adminSetupTokens.expiresAt, now)))
        .orderBy(desc(adminSetupTokens.expiresAt))
        .limit(1);
      if (usable) return { issued: false, expiresAt: usable.expiresAt };
    }
    const token = randomBytes(32).toString("base64url");
    const expiresAt = new Date(now.getTime() + setupTokenLifetimeMs);
    await tx.insert(adminSetupTokens).values({ tokenHash: hashToken(token), expiresAt });
    return { issued: true, link: siteLink(publicUrl, `/auth/setup?token=${token}`), expiresAt };
  });
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
    await lockSetupLinks(tx);
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
