import { sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";

/**
 * When a request cannot be stored (above all while the database is unreachable) it is refused,
 * never acknowledged: the visitor is told so and given the number to call. See decision 8.
 */
export function requestNotSavedMessage(phone: string): string {
  return `We could not save your request right now. Please call us at ${phone} — we answer 24/7.`;
}

/** 503 (try again later) while the database does not answer, 500 for any other failure. */
export async function notSavedStatus(db: Pick<Database, "execute">): Promise<500 | 503> {
  try {
    await db.execute(sql`select 1`);
    return 500;
  } catch {
    return 503;
  }
}
