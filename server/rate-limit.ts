import { and, count, eq, gt, lte, sql } from "drizzle-orm";
import type { Database } from "./db/client.ts";
import { rateLimitHits } from "./db/schema.ts";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface RateLimit {
  limit: number;
  windowMs: number;
}

/** No limit counts further back than this: the daily pruning removes older attempts. */
export const longestRateLimitWindowMs = 24 * 60 * 60 * 1000;

/**
 * Counts an attempt under every key, unless one of them already had `limit` attempts in the
 * window: then nothing is counted and the answer is false. Runs in the caller's transaction,
 * with each key locked, so instances sharing the database agree on the count.
 */
export async function takeRateLimit(tx: Transaction, keys: string[], { limit, windowMs }: RateLimit, now: Date): Promise<boolean> {
  if (windowMs > longestRateLimitWindowMs) throw new Error(`A rate limit window of ${windowMs} ms is longer than the pruning keeps attempts`);
  const since = new Date(now.getTime() - windowMs);
  for (const key of [...keys].sort()) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    const [row] = await tx
      .select({ hits: count() })
      .from(rateLimitHits)
      .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.at, since)));
    if ((row?.hits ?? 0) >= limit) return false;
    // Attempts past the window no longer count for anything.
    await tx.delete(rateLimitHits).where(and(eq(rateLimitHits.key, key), lte(rateLimitHits.at, since)));
  }
  await tx.insert(rateLimitHits).values(keys.map((key) => ({ key, at: now })));
  return true;
}

/** Whether `key` has attempts left in the window, counting none: a cheap look before costly work. */
export async function hasAttemptsLeft(db: Pick<Database, "select">, key: string, { limit, windowMs }: RateLimit, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ hits: count() })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.at, new Date(now.getTime() - windowMs))));
  return (row?.hits ?? 0) < limit;
}
