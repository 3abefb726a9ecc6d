import { asc, eq } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import type { AccountRole } from "./roles.ts";
import { sessions, users } from "#server/db/schema.ts";

export interface StaffAccount {
  id: string;
  email: string;
  role: AccountRole;
  emailVerified: boolean;
  createdAt: Date;
}

export const lastAdminMessage = "The last administrator cannot be removed: make another account an administrator first.";
export const unconfirmedMessage = "This account has not confirmed its email address yet, so it cannot be approved.";
export const unknownAccountMessage = "That account no longer exists.";

export async function listAccounts(db: Database): Promise<StaffAccount[]> {
  return db
    .select({ id: users.id, email: users.email, role: users.role, emailVerified: users.emailVerified, createdAt: users.createdAt })
    .from(users)
    .orderBy(asc(users.createdAt), asc(users.email));
}

/**
 * Gives an account a role. Taking the admin role from the last administrator is refused, and an
 * account losing access is signed out everywhere at once. Returns a message when refused.
 */
export async function setAccountRole(db: Database, userId: string, role: AccountRole, now = new Date()): Promise<string | null> {
  return db.transaction(async (tx) => {
    // Every role change takes the admins' rows in one order, so two changes cannot both remove "the other" last admin.
    const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, "admin")).orderBy(asc(users.id)).for("update");
    const [target] = await tx
      .select({ role: users.role, emailVerified: users.emailVerified })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!target) return unknownAccountMessage;
    if (target.role === "admin" && role !== "admin" && admins.length <= 1) return lastAdminMessage;
    if ((role === "editor" || role === "admin") && !target.emailVerified) return unconfirmedMessage;
    await tx.update(users).set({ role, updatedAt: now }).where(eq(users.id, userId));
    if (role === "pending" || role === "revoked") await tx.delete(sessions).where(eq(sessions.userId, userId));
    return null;
  });
}
