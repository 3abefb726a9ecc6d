import { and, asc, inArray } from "drizzle-orm";
import { pushIfReleasedAsNew } from "#app/features/alerts/push.server.ts";
import { isUuid } from "#app/domain/ids.ts";
import { releaseIfNotSpam, type MessageSettings } from "#app/features/service-request/request-messages.server.ts";
import type { Database } from "#server/db/client.ts";
import { serviceRequests } from "#server/db/schema.ts";
import { assignIn, findAssignee, notStaffMessage, type Assignee, type AssignmentChange } from "./assignment.server.ts";
import { changeStatusIn, type Actor, type Transaction } from "./inbox.server.ts";
import { bulkMessages, maxBulkRequests, type BulkAction } from "./bulk.ts";
import { heldStatuses, statusLabels, type RequestStatus } from "#app/domain/request-statuses.ts";

/**
 * The requests a bulk form names: the ticked ones, or with "all on this page" ticked, every
 * request the page listed. Refused with staff's words when empty, too many or not ids at all.
 */
export function selectedRequests(form: FormData): { ids: string[] } | { error: string } {
  const named = form.get("all") === "page" ? form.getAll("pageIds") : form.getAll("ids");
  const ids = [...new Set(named.map(String))];
  if (ids.length === 0) return { error: bulkMessages.noneSelected };
  if (ids.length > maxBulkRequests) return { error: bulkMessages.tooMany };
  if (!ids.every((id) => isUuid(id))) return { error: bulkMessages.badSelection };
  return { ids };
}

export interface BulkResult {
  /** How many requests the action changed; the others were already so, or are gone. */
  changed: number;
  selected: number;
  /** Messages the spam defence had held that "Not spam" sent. */
  released: number;
  /** Each request whose assignee changed: the place to tell the new assignee. */
  assignments: AssignmentChange[];
  /** Each request whose status changed. */
  statusChanges: { requestId: string; from: RequestStatus; to: RequestStatus }[];
  /** Who the requests were assigned to, for the message. */
  assignee: Assignee | null;
}

/**
 * Applies one action to the selected requests in one transaction, with a history entry for each
 * request it changes, and answers what it did. Status changes go through the same path as the
 * request's own page: "Not spam" releases the messages the spam defence held, exactly as there.
 */
export async function applyBulkAction(
  db: Database,
  ids: readonly string[],
  action: BulkAction,
  actor: Actor,
  settings: MessageSettings,
  now = new Date(),
): Promise<BulkResult | { error: string }> {
  const sorted = [...ids].sort();
  return db.transaction(async (tx) => {
    const result: BulkResult = { changed: 0, selected: ids.length, released: 0, assignments: [], statusChanges: [], assignee: null };
    if (action.kind === "assign") {
      if (action.assignee !== "none") {
        result.assignee = await findAssignee(tx, action.assignee === "me" ? actor.id : action.assignee.id);
        if (!result.assignee) return { error: notStaffMessage };
      }
      result.assignments = await assignIn(tx, sorted, result.assignee, actor, now);
      result.changed = result.assignments.length;
      return result;
    }
    // "Not spam" is a decision about spam: a request that was never held is left as it is.
    const targets = action.kind === "not-spam" ? await heldAmong(tx, sorted) : sorted;
    const to: RequestStatus = action.kind === "status" ? action.status : action.kind === "spam" ? "spam" : "new";
    for (const id of targets) {
      await changeStatusIn(tx, id, to, actor, now, async (inner, from, at) => {
        result.statusChanges.push({ requestId: id, from, to });
        result.released += (await releaseIfNotSpam(inner, id, from, to, settings, at)).length;
        await pushIfReleasedAsNew(inner, id, from, to);
      });
    }
    result.changed = result.statusChanges.length;
    return result;
  });
}

/** Those of `ids` that are spam or suspected spam, locked for the change. */
async function heldAmong(tx: Transaction, ids: string[]): Promise<string[]> {
  const rows = await tx
    .select({ id: serviceRequests.id })
    .from(serviceRequests)
    .where(and(inArray(serviceRequests.id, ids), inArray(serviceRequests.status, [...heldStatuses])))
    .orderBy(asc(serviceRequests.id))
    .for("update");
  return rows.map((row) => row.id);
}

const requestsText = (count: number) => (count === 1 ? "1 request" : `${count} requests`);

/** "3 requests marked Contacted", with what was left as it was and what went out. */
export function bulkResultMessage(action: BulkAction, result: BulkResult): string {
  const done =
    action.kind === "status"
      ? `marked ${statusLabels[action.status]}`
      : action.kind === "spam"
        ? "marked spam"
        : action.kind === "not-spam"
          ? "marked not spam"
          : result.assignee
            ? `assigned to ${result.assignee.email}`
            : "unassigned";
  const unchanged = result.selected - result.changed;
  const parts = [`${requestsText(result.changed)} ${done}.`];
  if (unchanged > 0) parts.push(`${requestsText(unchanged)} left as ${unchanged === 1 ? "it was" : "they were"}.`);
  if (result.released > 0) parts.push(`Sending now: ${result.released === 1 ? "1 held message" : `${result.released} held messages`}.`);
  return parts.join(" ");
}
