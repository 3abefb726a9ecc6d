import { and, eq, isNull } from "drizzle-orm";
import { isUuid } from "#app/domain/ids.ts";
import type { Actor } from "#app/features/inbox/inbox.server.ts";
import type { Database } from "#server/db/client.ts";
import { serviceRequests } from "#server/db/schema.ts";
import { publishLiveEvent } from "#server/live-events.ts";
import type { Acknowledgement } from "./acknowledgement.ts";

/**
 * "I'm on it": records the first staff member to take the request, and tells the other staff's
 * open pages. It stops the escalation of an urgent request. A second tap changes nothing.
 */
export async function acknowledgeRequest(db: Database, id: string, actor: Actor, now = new Date()): Promise<Acknowledgement> {
  if (!isUuid(id)) return { outcome: "missing" };
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .update(serviceRequests)
      .set({ acknowledgedAt: now, acknowledgedById: actor.id, acknowledgedByEmail: actor.email })
      .where(and(eq(serviceRequests.id, id), isNull(serviceRequests.acknowledgedAt)))
      .returning({ urgent: serviceRequests.urgent });
    if (taken) {
      await publishLiveEvent(tx, { kind: "request.acknowledged", requestId: id, urgent: taken.urgent });
      return { outcome: "acknowledged", at: now };
    }
    const [current] = await tx
      .select({ at: serviceRequests.acknowledgedAt, by: serviceRequests.acknowledgedByEmail })
      .from(serviceRequests)
      .where(eq(serviceRequests.id, id));
    if (!current?.at) return { outcome: "missing" };
    return { outcome: "already", by: current.by ?? "a former staff member", at: current.at };
  });
}
