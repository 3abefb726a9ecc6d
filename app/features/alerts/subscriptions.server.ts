import { and, count, eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "#server/db/client.ts";
import { pushSubscriptions } from "#server/db/schema.ts";

/** Devices one staff member may have alerts on: phones, tablets and browsers, with room to spare. */
export const maxDevicesPerUser = 20;

const base64url = (bytes: number) => z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}={0,2}$`));

/**
 * `PushSubscription.toJSON()` as the browser sends it. The endpoint is where our server will post,
 * so it must be https: only a site served over http itself (development, tests) may name an http one.
 */
export function pushSubscriptionSchema(publicUrl: string) {
  const protocols = publicUrl.startsWith("http://") ? /^https?$/ : /^https$/;
  return z.object({
    endpoint: z.url({ protocol: protocols, error: "The endpoint must be an https address." }).max(2048),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({ p256dh: base64url(65), auth: base64url(16) }),
  });
}
export type PushSubscriptionJson = z.output<ReturnType<typeof pushSubscriptionSchema>>;

/** Keeps this device's subscription for the user (a device handed to another account moves with it). */
export async function savePushSubscription(
  db: Database,
  userId: string,
  subscription: PushSubscriptionJson,
  userAgent: string,
): Promise<"saved" | "too-many"> {
  return db.transaction(async (tx) => {
    const [mine] = await tx.select({ total: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    const [existing] = await tx
      .select({ userId: pushSubscriptions.userId })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, subscription.endpoint));
    if (existing?.userId !== userId && (mine?.total ?? 0) >= maxDevicesPerUser) return "too-many";
    const values = { userId, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth, userAgent: userAgent.slice(0, 300) };
    await tx
      .insert(pushSubscriptions)
      .values({ endpoint: subscription.endpoint, ...values })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
    return "saved";
  });
}

/** Forgets the device; only its owner can. Returns whether there was one. */
export async function removePushSubscription(db: Database, userId: string, endpoint: string): Promise<boolean> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}

export async function countDevices(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  return row?.total ?? 0;
}
