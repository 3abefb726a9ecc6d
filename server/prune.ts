import { and, eq, isNotNull, isNull, lt, sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Database } from "./db/client.ts";
import { adminEvents, outboxMessages, rateLimitHits, sessions, verifications } from "./db/schema.ts";
import { longestRateLimitWindowMs } from "./rate-limit.ts";

const dayMs = 24 * 60 * 60 * 1000;

export interface PruneResult {
  sessions: number;
  verifications: number;
  rateLimitHits: number;
  /** Delivered account emails (confirmations, password resets: their links are bearer tokens) removed. */
  sentMessagesDeleted: number;
  /** Delivered notifications of a request that kept their record but lost their content. */
  sentMessagesEmptied: number;
  /** Live admin events older than a day: only a page reconnecting within minutes reads them. */
  liveEvents: number;
}

/**
 * The daily removal of rows nothing reads again: expired sessions and verification tokens,
 * rate-limit attempts older than any window, and delivered messages older than `keepSentDays`.
 * A request's notifications stay as its record (what went, when, how: staff see it, and "Not spam"
 * reads it so nothing is sent twice) but without their text; failed and pending messages are never
 * touched. Idempotent, so instances may run it at the same time.
 */
export async function pruneExpired(db: Database, { keepSentDays }: { keepSentDays: number }, now = new Date()): Promise<PruneResult> {
  const sentBefore = new Date(now.getTime() - keepSentDays * dayMs);
  const deliveredBefore = and(eq(outboxMessages.status, "sent"), lt(outboxMessages.sentAt, sentBefore));
  const emptied = await db
    .update(outboxMessages)
    .set({ payload: sql`'{}'::jsonb` })
    .where(and(deliveredBefore, isNotNull(outboxMessages.requestId), sql`${outboxMessages.payload} <> '{}'::jsonb`))
    .returning({ one: sql`1` });
  return {
    sessions: await deleteWhere(db, sessions, lt(sessions.expiresAt, now)),
    verifications: await deleteWhere(db, verifications, lt(verifications.expiresAt, now)),
    rateLimitHits: await deleteWhere(db, rateLimitHits, lt(rateLimitHits.at, new Date(now.getTime() - longestRateLimitWindowMs))),
    sentMessagesDeleted: await deleteWhere(db, outboxMessages, and(deliveredBefore, isNull(outboxMessages.requestId))),
    sentMessagesEmptied: emptied.length,
    liveEvents: await deleteWhere(db, adminEvents, lt(adminEvents.createdAt, new Date(now.getTime() - dayMs))),
  };
}

async function deleteWhere(db: Database, table: PgTable, where: SQL | undefined): Promise<number> {
  return (await db.delete(table).where(where).returning({ one: sql`1` })).length;
}
