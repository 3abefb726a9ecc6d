import { and, eq, inArray, lt } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "#server/db/client.ts";
import { requestRetention, serviceRequestPhotos, serviceRequests } from "#server/db/schema.ts";
import type { ObjectStorage } from "#server/storage.ts";
import { deleteRequests, removePhotoFiles } from "./inbox.server.ts";

const dayMs = 24 * 60 * 60 * 1000;
export const defaultRetention = { closedDays: 365, spamDays: 30 };

const wholeDays = "Enter a whole number of days.";
// Also for the type error: otherwise text that is not a number reads "expected number, received NaN".
const days = z.coerce
  .number({ error: wholeDays })
  .int(wholeDays)
  .min(1, "Keep them at least 1 day.")
  .max(3650, "At most 3650 days (10 years).");

export const retentionSchema = z.object({ closedDays: days, spamDays: days });
export type Retention = z.output<typeof retentionSchema>;

export async function loadRetention(db: Database): Promise<Retention> {
  const [row] = await db.select({ closedDays: requestRetention.closedDays, spamDays: requestRetention.spamDays }).from(requestRetention);
  return row ?? defaultRetention;
}

export async function saveRetention(db: Database, retention: Retention, now = new Date()): Promise<void> {
  await db
    .insert(requestRetention)
    .values({ id: 1, ...retention, updatedAt: now })
    .onConflictDoUpdate({ target: requestRetention.id, set: { ...retention, updatedAt: now } });
}

/**
 * The daily clean-up. A closed request keeps its text (the company's record of the job) but its
 * photos go once it has been closed longer than the setting; spam goes entirely.
 */
export async function applyRetention(db: Database, storage: ObjectStorage, now = new Date()) {
  const { closedDays, spamDays } = await loadRetention(db);
  const closedBefore = new Date(now.getTime() - closedDays * dayMs);
  const spamBefore = new Date(now.getTime() - spamDays * dayMs);

  const expiredPhotos = await db.transaction(async (tx) => {
    const closed = tx
      .select({ id: serviceRequests.id })
      .from(serviceRequests)
      .where(and(eq(serviceRequests.status, "closed"), lt(serviceRequests.statusChangedAt, closedBefore)));
    return tx
      .delete(serviceRequestPhotos)
      .where(inArray(serviceRequestPhotos.requestId, closed))
      .returning({ id: serviceRequestPhotos.id, storageKey: serviceRequestPhotos.storageKey });
  });
  await removePhotoFiles(storage, expiredPhotos);

  const expiredSpam = await db
    .select({ id: serviceRequests.id })
    .from(serviceRequests)
    .where(and(eq(serviceRequests.status, "spam"), lt(serviceRequests.statusChangedAt, spamBefore)));
  const spamDeleted = await deleteRequests(
    db,
    storage,
    expiredSpam.map((row) => row.id),
  );
  return { photosDeleted: expiredPhotos.length, spamDeleted };
}
