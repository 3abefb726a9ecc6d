import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { isUuid } from "#app/features/admin/ids.ts";
import { problemTypes } from "#app/features/service-request/schema.ts";
import type { Database } from "#server/db/client.ts";
import { requestNotes, requestStatusChanges, serviceRequestPhotos, serviceRequests } from "#server/db/schema.ts";
import { publishLiveEvent } from "#server/live-events.ts";
import type { ObjectStorage } from "#server/storage.ts";
import { requestStatuses, type RequestStatus } from "./statuses.ts";

export const pageSize = 25;

/** The inbox's filter, from the address bar: anything unknown is ignored rather than refused. */
export const inboxFilterSchema = z.object({
  status: z.enum(requestStatuses).optional().catch(undefined),
  problem: z.enum(problemTypes).optional().catch(undefined),
  q: z.string().trim().max(100).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});
export type InboxFilter = z.output<typeof inboxFilterSchema>;

export function parseInboxFilter(searchParams: URLSearchParams): InboxFilter {
  return inboxFilterSchema.parse(Object.fromEntries(searchParams));
}

/** `%`, `_` and `\` typed into the search box are searched for, not used as wildcards. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function whereOf({ status, problem, q }: InboxFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (status) conditions.push(eq(serviceRequests.status, status));
  if (problem) conditions.push(eq(serviceRequests.problem, problem));
  if (q) {
    const pattern = containing(q);
    // Only a query that looks like a phone number is compared digit by digit.
    const digits = /^[\d\s().+-]+$/.test(q) ? q.replace(/\D/g, "") : "";
    conditions.push(
      or(
        ilike(sql`${serviceRequests.firstName} || ' ' || ${serviceRequests.lastName}`, pattern),
        ilike(serviceRequests.email, pattern),
        ilike(serviceRequests.problemDescription, pattern),
        ilike(serviceRequests.additionalComments, pattern),
        // A phone number matches however it was typed: "(215) 555-0100" is found by 2155550100.
        digits.length >= 3 ? sql`regexp_replace(${serviceRequests.phone}, '\\D', '', 'g') like ${`%${digits}%`}` : undefined,
      ),
    );
  }
  return and(...conditions);
}

const listColumns = {
  id: serviceRequests.id,
  createdAt: serviceRequests.createdAt,
  status: serviceRequests.status,
  problem: serviceRequests.problem,
  firstName: serviceRequests.firstName,
  lastName: serviceRequests.lastName,
  phone: serviceRequests.phone,
  email: serviceRequests.email,
  address: serviceRequests.address,
  urgent: serviceRequests.urgent,
  // Tables named in full: drizzle writes bare column names in a one-table query, which the subquery would misread.
  photoCount: sql<number>`(select count(*)::int from ${serviceRequestPhotos} where ${serviceRequestPhotos}.request_id = ${serviceRequests}.id)`,
};

export type InboxRow = Awaited<ReturnType<typeof listRequests>>["rows"][number];

/** New urgent requests come before everything else: they are the ones to call back first. */
const newAndUrgentFirst = sql`(${serviceRequests.status} = 'new' and ${serviceRequests.urgent})`;

/** One page of requests, new urgent ones first, then newest first, and how many match in all. */
export async function listRequests(db: Database, filter: InboxFilter) {
  const where = whereOf(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select(listColumns)
      .from(serviceRequests)
      .where(where)
      .orderBy(desc(newAndUrgentFirst), desc(serviceRequests.createdAt), desc(serviceRequests.id))
      .limit(pageSize)
      .offset((filter.page - 1) * pageSize),
    db.select({ total: count() }).from(serviceRequests).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

/** Every request matching the filter (the page is ignored), for the CSV export, with all its fields. */
export async function exportRequests(db: Database, filter: InboxFilter) {
  return db
    .select({
      ...listColumns,
      problemDescription: serviceRequests.problemDescription,
      referralSource: serviceRequests.referralSource,
      referralOther: serviceRequests.referralOther,
      additionalComments: serviceRequests.additionalComments,
      sourceStopped: serviceRequests.sourceStopped,
      standingWater: serviceRequests.standingWater,
      insuranceCompany: serviceRequests.insuranceCompany,
      claimNumber: serviceRequests.claimNumber,
    })
    .from(serviceRequests)
    .where(whereOf(filter))
    .orderBy(desc(serviceRequests.createdAt), desc(serviceRequests.id));
}

export async function countRequestsIn(db: Database, status: RequestStatus): Promise<number> {
  const [row] = await db.select({ total: count() }).from(serviceRequests).where(eq(serviceRequests.status, status));
  return row?.total ?? 0;
}

export const countNewRequests = (db: Database) => countRequestsIn(db, "new");

/** One request with its photos, notes and status history; null when there is no such request. */
export async function getRequest(db: Database, id: string) {
  if (!isUuid(id)) return null;
  const [request] = await db.select().from(serviceRequests).where(eq(serviceRequests.id, id));
  if (!request) return null;
  const [photos, notes, history] = await Promise.all([
    db.select().from(serviceRequestPhotos).where(eq(serviceRequestPhotos.requestId, id)).orderBy(asc(serviceRequestPhotos.position)),
    db.select().from(requestNotes).where(eq(requestNotes.requestId, id)).orderBy(asc(requestNotes.createdAt)),
    db.select().from(requestStatusChanges).where(eq(requestStatusChanges.requestId, id)).orderBy(asc(requestStatusChanges.createdAt)),
  ]);
  return { request, photos, notes, history };
}

export interface Actor {
  id: string;
  email: string;
}

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * Sets the status and records the change; false when there is no such request. `onChange` runs
 * in the same transaction after a real change, for what must happen with it or not at all.
 */
export async function changeStatus(
  db: Database,
  id: string,
  to: RequestStatus,
  actor: Actor,
  now = new Date(),
  onChange?: (tx: Transaction, from: RequestStatus, now: Date) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: serviceRequests.status, urgent: serviceRequests.urgent })
      .from(serviceRequests)
      .where(eq(serviceRequests.id, id))
      .for("update");
    if (!current) return false;
    if (current.status === to) return true;
    await tx.update(serviceRequests).set({ status: to, statusChangedAt: now }).where(eq(serviceRequests.id, id));
    await tx.insert(requestStatusChanges).values({
      requestId: id,
      fromStatus: current.status,
      toStatus: to,
      changedById: actor.id,
      changedByEmail: actor.email,
      createdAt: now,
    });
    await onChange?.(tx, current.status, now);
    await publishLiveEvent(tx, { kind: "request.status", requestId: id, urgent: current.urgent });
    return true;
  });
}

/** Adds a note by `actor`; false when there is no such request. */
export async function addNote(db: Database, id: string, body: string, actor: Actor, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [exists] = await tx.select({ id: serviceRequests.id }).from(serviceRequests).where(eq(serviceRequests.id, id));
    if (!exists) return false;
    await tx.insert(requestNotes).values({ requestId: id, body, authorId: actor.id, authorEmail: actor.email, createdAt: now });
    await publishLiveEvent(tx, { kind: "request.note", requestId: id });
    return true;
  });
}

/** Removes requests and their files for good (an erasure request, or retention). Files go once the rows are gone. */
export async function deleteRequests(db: Database, storage: ObjectStorage, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const photos = await db.transaction(async (tx) => {
    const keys = await tx
      .select({ storageKey: serviceRequestPhotos.storageKey, id: serviceRequestPhotos.id })
      .from(serviceRequestPhotos)
      .where(inArray(serviceRequestPhotos.requestId, ids));
    const deleted = await tx.delete(serviceRequests).where(inArray(serviceRequests.id, ids)).returning({ id: serviceRequests.id });
    if (deleted.length > 0) await publishLiveEvent(tx, { kind: "request.deleted", requestId: deleted.length === 1 ? deleted[0]?.id : null });
    return { keys, deleted: deleted.length };
  });
  await removePhotoFiles(storage, photos.keys);
  return photos.deleted;
}

/** A photo's bytes, its thumbnail and its viewable copy, where they were made. */
export async function removePhotoFiles(storage: ObjectStorage, photos: { storageKey: string; id: string }[]): Promise<void> {
  await Promise.allSettled(
    photos.flatMap((photo) => [storage.delete(photo.storageKey), storage.delete(thumbnailKey(photo.id)), storage.delete(viewableKey(photo.id))]),
  );
}

export const thumbnailKey = (photoId: string) => `thumbnails/${photoId}`;
export const viewableKey = (photoId: string) => `viewable/${photoId}`;
