import { and, asc, count, desc, eq, ilike, inArray, isNull, lte, notInArray, or, sql, type SQL } from "drizzle-orm";
import { isUuid } from "#app/domain/ids.ts";
import { answerColumns } from "#app/features/service-request/answers.server.ts";
import type { Database } from "#server/db/client.ts";
import { requestAssignments, requestNotes, requestStatusChanges, serviceRequestPhotos, serviceRequests, users } from "#server/db/schema.ts";
import { publishLiveEvent } from "#server/live-events.ts";
import type { ObjectStorage } from "#server/storage.ts";
import type { InboxFilter } from "./filters.ts";
import { heldStatuses, type RequestStatus } from "#app/domain/request-statuses.ts";
import { officeTimeZone } from "#app/domain/office-time.ts";

export const pageSize = 25;

export { parseInboxFilter, readInboxFilter, type InboxFilter } from "./filters.ts";

/** What the filter is read against: who is looking (for "Mine"), and the clock and promise that make a request overdue. */
export interface InboxScope {
  viewerId: string;
  now: Date;
  callbackPromiseMinutes: number;
}

/** `%`, `_` and `\` typed into the search box are searched for, not used as wildcards. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** Midnight starting `day` in the office's time zone (the zone is our constant, written into the SQL). */
const officeMidnight = (day: string, plusDays = 0) =>
  sql`((${day}::date + ${plusDays}::int)::timestamp at time zone ${sql.raw(`'${officeTimeZone}'`)})`;

function whereOf(filter: InboxFilter, { viewerId, now, callbackPromiseMinutes }: InboxScope): SQL | undefined {
  const { status, problem, source, assignee, urgent, overdue, from, to, q } = filter;
  const conditions: (SQL | undefined)[] = [status ? eq(serviceRequests.status, status) : notInArray(serviceRequests.status, [...heldStatuses])];
  if (problem) conditions.push(eq(serviceRequests.problem, problem));
  if (source) conditions.push(eq(serviceRequests.source, source));
  if (assignee === "me") conditions.push(eq(serviceRequests.assigneeId, viewerId));
  else if (assignee === "none") conditions.push(isNull(serviceRequests.assigneeId));
  else if (assignee) conditions.push(eq(serviceRequests.assigneeId, assignee.id));
  if (urgent) conditions.push(eq(serviceRequests.urgent, true));
  // Overdue as the inbox shows it: still new once the call-back promise has passed.
  if (overdue) {
    conditions.push(eq(serviceRequests.status, "new"), lte(serviceRequests.createdAt, new Date(now.getTime() - callbackPromiseMinutes * 60_000)));
  }
  if (from) conditions.push(sql`${serviceRequests.createdAt} >= ${officeMidnight(from)}`);
  if (to) conditions.push(sql`${serviceRequests.createdAt} < ${officeMidnight(to, 1)}`);
  if (q) {
    const pattern = containing(q);
    // Only a query that looks like a phone number is compared digit by digit.
    const digits = /^[\d\s().+-]+$/.test(q) ? q.replace(/\D/g, "") : "";
    conditions.push(
      or(
        ilike(sql`${serviceRequests.firstName} || ' ' || ${serviceRequests.lastName}`, pattern),
        ilike(serviceRequests.email, pattern),
        ilike(serviceRequests.address, pattern),
        ilike(serviceRequests.insuranceCompany, pattern),
        ilike(serviceRequests.claimNumber, pattern),
        ilike(serviceRequests.problemDescription, pattern),
        ilike(serviceRequests.additionalComments, pattern),
        sql`exists (select 1 from ${requestNotes} where ${requestNotes}.request_id = ${serviceRequests}.id and ${requestNotes}.body ilike ${pattern})`,
        // A phone number matches however it was typed: "(215) 555-0100" is found by 2155550100 or 215-555-0100.
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
  source: serviceRequests.source,
  assigneeId: serviceRequests.assigneeId,
  assigneeEmail: users.email,
  // Tables named in full: drizzle writes bare column names in a one-table query, which the subquery would misread.
  photoCount: sql<number>`(select count(*)::int from ${serviceRequestPhotos} where ${serviceRequestPhotos}.request_id = ${serviceRequests}.id)`,
};

export type InboxRow = Awaited<ReturnType<typeof listRequests>>["rows"][number];

/** New urgent requests come before everything else: they are the ones to call back first. */
const newAndUrgentFirst = sql`(${serviceRequests.status} = 'new' and ${serviceRequests.urgent})`;

/** One page of requests, new urgent ones first, then newest first, and how many match in all. */
export async function listRequests(db: Database, filter: InboxFilter, scope: InboxScope) {
  const where = whereOf(filter, scope);
  const [rows, [total]] = await Promise.all([
    db
      .select(listColumns)
      .from(serviceRequests)
      .leftJoin(users, eq(users.id, serviceRequests.assigneeId))
      .where(where)
      .orderBy(desc(newAndUrgentFirst), desc(serviceRequests.createdAt), desc(serviceRequests.id))
      .limit(pageSize)
      .offset((filter.page - 1) * pageSize),
    db.select({ total: count() }).from(serviceRequests).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

/** Every request matching the filter (the page is ignored), for the CSV export, with all its fields. */
export async function exportRequests(db: Database, filter: InboxFilter, scope: InboxScope) {
  return db
    .select({
      ...listColumns,
      ...answerColumns,
    })
    .from(serviceRequests)
    .leftJoin(users, eq(users.id, serviceRequests.assigneeId))
    .where(whereOf(filter, scope))
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
  const [photos, notes, history, assignments, [assignee]] = await Promise.all([
    db.select().from(serviceRequestPhotos).where(eq(serviceRequestPhotos.requestId, id)).orderBy(asc(serviceRequestPhotos.position)),
    db.select().from(requestNotes).where(eq(requestNotes.requestId, id)).orderBy(asc(requestNotes.createdAt)),
    db.select().from(requestStatusChanges).where(eq(requestStatusChanges.requestId, id)).orderBy(asc(requestStatusChanges.createdAt)),
    db.select().from(requestAssignments).where(eq(requestAssignments.requestId, id)).orderBy(asc(requestAssignments.createdAt)),
    request.assigneeId ? db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, request.assigneeId)) : [],
  ]);
  return { request, photos, notes, history, assignments, assignee: assignee ?? null };
}

export interface Actor {
  id: string;
  email: string;
}

export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Runs in a status change's transaction after a real change, for what must happen with it or not at all. */
export type OnStatusChange = (tx: Transaction, from: RequestStatus, now: Date) => Promise<void>;

/** Sets the status and records the change; false when there is no such request. */
export async function changeStatus(
  db: Database,
  id: string,
  to: RequestStatus,
  actor: Actor,
  now = new Date(),
  onChange?: OnStatusChange,
): Promise<boolean> {
  return db.transaction(async (tx) => (await changeStatusIn(tx, id, to, actor, now, onChange)) !== "missing");
}

/** `changeStatus` inside the caller's transaction, saying whether the request was missing, already there, or changed. */
export async function changeStatusIn(
  tx: Transaction,
  id: string,
  to: RequestStatus,
  actor: Actor,
  now: Date,
  onChange?: OnStatusChange,
): Promise<"missing" | "unchanged" | "changed"> {
  const [current] = await tx
    .select({ status: serviceRequests.status, urgent: serviceRequests.urgent })
    .from(serviceRequests)
    .where(eq(serviceRequests.id, id))
    .for("update");
  if (!current) return "missing";
  if (current.status === to) return "unchanged";
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
  return "changed";
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
