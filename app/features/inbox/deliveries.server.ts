import { and, asc, count, desc, eq, inArray, isNotNull, lt, min, ne, or } from "drizzle-orm";
import { z } from "zod";
import { idSchema } from "#app/domain/ids.ts";
import type { Database } from "#server/db/client.ts";
import type { DeliveryChannel, OutboxStatus } from "#app/domain/outbox.ts";
import { outboxMessages, serviceRequests } from "#server/db/schema.ts";

/** A message still waiting after this long is a problem the office must see, not a retry in progress. */
export const stuckAfterMs = 10 * 60 * 1000;

export interface Delivery {
  id: string;
  label: string;
  status: OutboxStatus;
  attempts: number;
  createdAt: Date;
  sentAt: Date | null;
  lastError: string | null;
  sentVia: DeliveryChannel | null;
}

/** Every notification of a request (office email, visitor email, webhook) with its state, oldest first. */
export async function deliveriesOf(db: Database, requestId: string): Promise<Delivery[]> {
  const rows = await db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.requestId, requestId))
    .orderBy(asc(outboxMessages.createdAt), asc(outboxMessages.kind));
  return rows.map((row) => ({
    id: row.id,
    label: row.label,
    status: row.status,
    attempts: row.attempts,
    createdAt: row.createdAt,
    sentAt: row.sentAt,
    lastError: row.lastError,
    sentVia: row.sentVia,
  }));
}

/**
 * Push alerts are left out: a device that is gone or refuses is no lost notification (the office
 * email is the request's record), and sending one again hours later would only confuse.
 */
const troubled = (now: Date) =>
  and(
    ne(outboxMessages.kind, "push"),
    or(eq(outboxMessages.status, "failed"), and(eq(outboxMessages.status, "pending"), lt(outboxMessages.createdAt, new Date(now.getTime() - stuckAfterMs)))),
  );

export interface DeliveryProblem {
  requestId: string;
  name: string;
  problems: { label: string; status: OutboxStatus; lastError: string | null }[];
}

/** Requests with a notification that failed all its retries or has waited over 10 minutes. */
export async function deliveryProblems(db: Database, now = new Date()): Promise<DeliveryProblem[]> {
  const rows = await db
    .select({
      requestId: serviceRequests.id,
      firstName: serviceRequests.firstName,
      lastName: serviceRequests.lastName,
      label: outboxMessages.label,
      status: outboxMessages.status,
      lastError: outboxMessages.lastError,
    })
    .from(outboxMessages)
    .innerJoin(serviceRequests, eq(serviceRequests.id, outboxMessages.requestId))
    .where(troubled(now))
    .orderBy(desc(serviceRequests.createdAt), asc(outboxMessages.createdAt))
    .limit(200);
  const byRequest = new Map<string, DeliveryProblem>();
  for (const row of rows) {
    const entry = byRequest.get(row.requestId) ?? { requestId: row.requestId, name: `${row.firstName} ${row.lastName}`, problems: [] };
    entry.problems.push({ label: row.label, status: row.status, lastError: row.lastError });
    byRequest.set(row.requestId, entry);
  }
  return [...byRequest.values()];
}

export const retrySchema = z.object({ requestId: idSchema.optional() });

/**
 * Sends the troubled notifications again at once (of one request, or all): failed ones start
 * their retries afresh, stuck ones become due now. Returns how many were queued.
 */
export async function retryDeliveries(db: Database, { requestId }: { requestId?: string | undefined }, now = new Date()): Promise<number> {
  const retried = await db
    .update(outboxMessages)
    .set({ status: "pending", attempts: 0, nextAttemptAt: now })
    .where(
      and(
        requestId ? eq(outboxMessages.requestId, requestId) : isNotNull(outboxMessages.requestId),
        ne(outboxMessages.kind, "push"),
        or(eq(outboxMessages.status, "failed"), eq(outboxMessages.status, "pending")),
        requestId ? undefined : troubled(now),
      ),
    )
    .returning({ id: outboxMessages.id });
  return retried.length;
}

/**
 * The outbox at a glance, for administrators: counts by kind and state (sent messages by where they
 * went), and what is waiting longest.
 */
export async function outboxBacklog(db: Database, now = new Date()) {
  const [counts, oldest, waiting] = await Promise.all([
    db
      .select({ kind: outboxMessages.kind, status: outboxMessages.status, sentVia: outboxMessages.sentVia, total: count() })
      .from(outboxMessages)
      .groupBy(outboxMessages.kind, outboxMessages.status, outboxMessages.sentVia)
      .orderBy(asc(outboxMessages.kind), asc(outboxMessages.status), asc(outboxMessages.sentVia)),
    db.select({ at: min(outboxMessages.createdAt) }).from(outboxMessages).where(eq(outboxMessages.status, "pending")),
    db
      .select({
        id: outboxMessages.id,
        kind: outboxMessages.kind,
        label: outboxMessages.label,
        status: outboxMessages.status,
        attempts: outboxMessages.attempts,
        createdAt: outboxMessages.createdAt,
        nextAttemptAt: outboxMessages.nextAttemptAt,
        lastError: outboxMessages.lastError,
        requestId: outboxMessages.requestId,
      })
      .from(outboxMessages)
      .where(inArray(outboxMessages.status, ["pending", "failed"]))
      .orderBy(asc(outboxMessages.createdAt))
      .limit(50),
  ]);
  const oldestPending = oldest[0]?.at ?? null;
  return {
    counts,
    oldestPendingMinutes: oldestPending ? Math.floor((now.getTime() - oldestPending.getTime()) / 60_000) : null,
    waiting,
  };
}
