import { sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { contentVersion } from "#server/db/schema.ts";

/** A database or a transaction on it: the bump belongs in the same transaction as the save. */
type Writer = Pick<Database, "update">;

/** Raises the content version; call it inside every content save's transaction. */
export async function bumpContentVersion(tx: Writer): Promise<number> {
  const [row] = await tx
    .update(contentVersion)
    .set({ version: sql`${contentVersion.version} + 1`, updatedAt: sql`now()` })
    .returning({ version: contentVersion.version });
  if (!row) throw new Error("The content_version row is missing: migrations did not run.");
  return row.version;
}

/** The current content version: public caches key their entries by it. */
export async function readContentVersion(db: Pick<Database, "select">): Promise<number> {
  const [row] = await db.select({ version: contentVersion.version }).from(contentVersion).limit(1);
  return row?.version ?? 0;
}
