import { and, asc, eq, inArray } from "drizzle-orm";
import { queueAssignedPush } from "#app/features/alerts/push.server.ts";
import type { AccountRole } from "#app/domain/roles.ts";
import type { Database } from "#server/db/client.ts";
import { requestAssignments, serviceRequests, users } from "#server/db/schema.ts";
import { publishLiveEvent } from "#server/live-events.ts";
import type { Actor, Transaction } from "./inbox.server.ts";

/** Approved staff: the only accounts a request can be assigned to. */
const approvedRoles: AccountRole[] = ["editor", "admin"];

export interface Assignee {
  id: string;
  email: string;
}

/** Everyone a request can be assigned to, by email. */
export function listAssignableStaff(db: Database | Transaction): Promise<Assignee[]> {
  return db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.role, approvedRoles)).orderBy(asc(users.email));
}

/** An approved staff member by id, or null (unknown, pending or revoked). */
export async function findAssignee(db: Database | Transaction, id: string): Promise<Assignee | null> {
  const [row] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.id, id), inArray(users.role, approvedRoles)));
  return row ?? null;
}

export const notStaffMessage = "Requests can only be assigned to approved staff.";

/** One request whose assignee changed: the place to tell the new assignee. */
export interface AssignmentChange {
  requestId: string;
  /** The new assignee, or null when the request was unassigned. */
  assigneeId: string | null;
}

/**
 * Assigns `requestIds` to `assignee` (null: unassigns them) in the caller's transaction, with a
 * history entry for each request whose assignee changed; requests already assigned so, or gone,
 * are left alone. Rows are locked in id order, so two bulk changes at once cannot deadlock.
 */
export async function assignIn(
  tx: Transaction,
  requestIds: readonly string[],
  assignee: Assignee | null,
  actor: Actor,
  now: Date,
): Promise<AssignmentChange[]> {
  if (requestIds.length === 0) return [];
  const current = await tx
    .select({ id: serviceRequests.id, assigneeId: serviceRequests.assigneeId })
    .from(serviceRequests)
    .where(inArray(serviceRequests.id, [...requestIds]))
    .orderBy(asc(serviceRequests.id))
    .for("update");
  const changing = current.filter((row) => row.assigneeId !== (assignee?.id ?? null)).map((row) => row.id);
  if (changing.length === 0) return [];
  await tx
    .update(serviceRequests)
    .set({ assigneeId: assignee?.id ?? null })
    .where(inArray(serviceRequests.id, changing));
  await tx.insert(requestAssignments).values(
    changing.map((requestId) => ({
      requestId,
      assigneeId: assignee?.id ?? null,
      assigneeEmail: assignee?.email ?? "",
      changedById: actor.id,
      changedByEmail: actor.email,
      createdAt: now,
    })),
  );
  for (const requestId of changing) await publishLiveEvent(tx, { kind: "request.changed", requestId });
  // Whoever assigns to themselves knows already; anyone else is told on their devices.
  if (assignee && assignee.id !== actor.id) await queueAssignedPush(tx, changing, assignee.id);
  return changing.map((requestId) => ({ requestId, assigneeId: assignee?.id ?? null }));
}

export type AssignOutcome = { outcome: "missing" } | { outcome: "not-staff" } | { outcome: "done"; change: AssignmentChange | null };

/**
 * Assigns one request to an approved staff member, or unassigns it (`assigneeId` null). `change`
 * is set when the assignee really changed: that is when the new assignee is to be told.
 */
export async function assignRequest(db: Database, requestId: string, assigneeId: string | null, actor: Actor, now = new Date()): Promise<AssignOutcome> {
  return db.transaction(async (tx) => {
    const assignee = assigneeId === null ? null : await findAssignee(tx, assigneeId);
    if (assigneeId !== null && !assignee) return { outcome: "not-staff" } as const;
    const [exists] = await tx.select({ id: serviceRequests.id }).from(serviceRequests).where(eq(serviceRequests.id, requestId));
    if (!exists) return { outcome: "missing" } as const;
    const [change] = await assignIn(tx, [requestId], assignee, actor, now);
    return { outcome: "done", change: change ?? null } as const;
  });
}
