import type { Database } from "#server/db/client.ts";
import { contentVersion } from "#server/db/schema.ts";

/** When the public content last changed: every content save raises the content version in its transaction. */
export async function lastContentChange(db: Database): Promise<Date | null> {
  const [row] = await db.select({ at: contentVersion.updatedAt }).from(contentVersion).limit(1);
  return row?.at ?? null;
}
