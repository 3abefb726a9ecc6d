import { and, eq, inArray, or } from "drizzle-orm";
import { holdsMessages, type RequestStatus } from "#app/domain/request-statuses.ts";
import { adminRequestPath, type StoredRequestSummary } from "#app/features/service-request/notifications.server.ts";
import type { Database } from "#server/db/client.ts";
import { pushSubscriptions, serviceRequests, users } from "#server/db/schema.ts";
import { enqueuePush, type Executor } from "#server/outbox.ts";

/** What a staff device receives: the service worker shows it and opens `url` when tapped. */
export interface PushMessage {
  title: string;
  body: string;
  /** A path of the admin, e.g. the request's page. */
  url: string;
  requestId: string | null;
  urgent: boolean;
}

type Writer = Executor & Pick<Database, "select">;

const staffRoles = ["editor", "admin"] as const;

/**
 * Queues `message` through the outbox to every device of the given users that are approved staff
 * (pending and revoked accounts get nothing), in the caller's transaction. Returns how many devices.
 */
export async function queuePushToUsers(executor: Writer, userIds: readonly string[], message: PushMessage): Promise<number> {
  if (userIds.length === 0) return 0;
  return queuePushWhere(executor, inArray(users.id, [...userIds]), message);
}

/** Queues `message` to every device of every approved staff member, or of the administrators only. */
export async function queuePushToRole(executor: Writer, audience: "staff" | "admin", message: PushMessage): Promise<number> {
  return queuePushWhere(executor, audience === "admin" ? eq(users.role, "admin") : undefined, message);
}

async function queuePushWhere(executor: Writer, who: ReturnType<typeof eq> | undefined, message: PushMessage): Promise<number> {
  const devices = await executor
    .select({ id: pushSubscriptions.id, email: users.email })
    .from(pushSubscriptions)
    .innerJoin(users, eq(users.id, pushSubscriptions.userId))
    .where(and(or(...staffRoles.map((role) => eq(users.role, role))), who));
  const body = JSON.stringify(message);
  for (const device of devices) {
    await enqueuePush(executor, { subscriptionId: device.id, body, urgent: message.urgent, label: `Push alert to ${device.email}` }, message.requestId);
  }
  return devices.length;
}

/** "Ambler" out of "12 Main St, Ambler, PA 19002": the last part of the address that is not a state or a ZIP code. */
export function townOf(address: string): string {
  const parts = address
    .split(/[,\n]/)
    .map((part) => part.trim())
    .filter(Boolean);
  const places = parts.filter((part) => !/^(?:[A-Za-z]{2}\.?\s*)?\d{5}(?:-\d{4})?$|^[A-Za-z]{2}\.?$/.test(part));
  if (parts.length < 2) return places[0] && !/\d/.test(places[0]) ? places[0] : "";
  return places.at(-1)?.replace(/\s+[A-Z]{2}$/, "") ?? "";
}

/** What the water triage adds to an alert, in a few words. */
function triageWords(request: Pick<StoredRequestSummary, "sourceStopped" | "standingWater">): string[] {
  const words: string[] = [];
  if (request.sourceStopped === "No") words.push("source not stopped");
  if (request.standingWater === "Yes") words.push("standing water");
  return words;
}

/** The alert for a new (or released) request: "URGENT: Water damage" / "Ambler · (215) 555-0101 · source not stopped". */
export function newRequestPush(request: StoredRequestSummary): PushMessage {
  return {
    title: request.urgent ? `URGENT: ${request.problem}` : `New request: ${request.problem}`,
    body: [townOf(request.address), request.phone, ...triageWords(request)].filter(Boolean).join(" · "),
    url: adminRequestPath(request.id),
    requestId: request.id,
    urgent: request.urgent,
  };
}

/** Alerts every staff device about a stored request, as on its arrival (used when staff say "Not spam"). */
export async function queueRequestPushToStaff(executor: Writer, requestId: string): Promise<number> {
  const [request] = await executor.select().from(serviceRequests).where(eq(serviceRequests.id, requestId));
  return request ? queuePushToRole(executor, "staff", newRequestPush({ ...request, photoCount: 0 })) : 0;
}

/** A request staff release from spam as new ("Not spam") alerts every staff device, as on its arrival. */
export async function pushIfReleasedAsNew(executor: Writer, requestId: string, from: RequestStatus, to: RequestStatus): Promise<void> {
  if (holdsMessages(from) && to === "new") await queueRequestPushToStaff(executor, requestId);
}

/** Tells a staff member on their devices that requests were assigned to them: "Assigned to you: Water damage". */
export async function queueAssignedPush(executor: Writer, requestIds: readonly string[], assigneeId: string): Promise<void> {
  if (requestIds.length === 0) return;
  const requests = await executor.select().from(serviceRequests).where(inArray(serviceRequests.id, [...requestIds]));
  for (const request of requests) {
    const alert = newRequestPush({ ...request, photoCount: 0 });
    await queuePushToUsers(executor, [assigneeId], { ...alert, title: `Assigned to you: ${request.problem}` });
  }
}
