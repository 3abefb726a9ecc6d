import { asc, eq } from "drizzle-orm";
import { recordStaffEvent, type Actor } from "#app/features/audit/staff-events.server.ts";
import type { Database } from "#server/db/client.ts";
import { sessions, users } from "#server/db/schema.ts";
import { enqueueEmail } from "#server/outbox.ts";
import { accountApprovedEmail, accountRefusedEmail, siteLink } from "./account-emails.server.ts";
import type { AccountRole } from "#app/domain/roles.ts";

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

/** What the emails about an account need: the site's address for links, and the company's name. */
export interface AccountNotices {
  publicUrl: string;
  companyName: string;
}

const approvedAs: Partial<Record<AccountRole, string>> = { editor: "an editor", admin: "an administrator" };

/**
 * Gives an account a role. Taking the admin role from the last administrator is refused, and an
 * account losing access is signed out everywhere at once. The change is in the audit log with who
 * made it, and the person is emailed when a waiting account is approved or refused, all in one
 * transaction. Returns a message when refused.
 */
export async function setAccountRole(
  db: Database,
  userId: string,
  role: AccountRole,
  { actor, notices }: { actor: Actor; notices: AccountNotices },
  now = new Date(),
): Promise<string | null> {
  return db.transaction(async (tx) => {
    // Every role change takes the admins' rows in one order, so two changes cannot both remove "the other" last admin.
    const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, "admin")).orderBy(asc(users.id)).for("update");
    const [target] = await tx
      .select({ email: users.email, role: users.role, emailVerified: users.emailVerified })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!target) return unknownAccountMessage;
    if (target.role === role) return null;
    if (target.role === "admin" && role !== "admin" && admins.length <= 1) return lastAdminMessage;
    if ((role === "editor" || role === "admin") && !target.emailVerified) return unconfirmedMessage;
    await tx.update(users).set({ role, updatedAt: now }).where(eq(users.id, userId));
    if (role === "pending" || role === "revoked") await tx.delete(sessions).where(eq(sessions.userId, userId));
    await recordStaffEvent(tx, actor, { kind: "account-role", subjectEmail: target.email, from: target.role, to: role });
    const approved = approvedAs[role];
    if (target.role === "pending" && approved) {
      await enqueueEmail(tx, accountApprovedEmail(target.email, approved, siteLink(notices.publicUrl, "/auth"), notices.companyName));
    } else if (target.role === "pending" && role === "revoked") {
      await enqueueEmail(tx, accountRefusedEmail(target.email, notices.companyName));
    }
    return null;
  });
}
