import { eq } from "drizzle-orm";
import { queuePushToRole } from "#app/features/alerts/push.server.ts";
import type { Database } from "#server/db/client.ts";
import { users } from "#server/db/schema.ts";
import { enqueueEmail } from "#server/outbox.ts";
import { accountWaitingEmail, siteLink } from "./account-emails.server.ts";
import type { AccountNotices } from "./users.server.ts";

/**
 * Tells every administrator that `accountEmail` has confirmed its address and waits for approval:
 * one email each and a push to their devices, queued in one transaction. Returns how many were told.
 */
export async function notifyAccountWaiting(db: Database, accountEmail: string, { publicUrl, companyName }: AccountNotices): Promise<number> {
  return db.transaction(async (tx) => {
    const admins = await tx.select({ email: users.email }).from(users).where(eq(users.role, "admin"));
    for (const admin of admins) {
      await enqueueEmail(tx, accountWaitingEmail(admin.email, accountEmail, siteLink(publicUrl, "/admin/users"), companyName));
    }
    await queuePushToRole(tx, "admin", {
      title: "Account waiting for approval",
      body: accountEmail,
      url: "/admin/users",
      requestId: null,
      urgent: false,
    });
    return admins.length;
  });
}
