import { max } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { heroContent, reasonsContent, siteSettings, trustBadgesSection } from "#server/db/schema.ts";

/** When the public content last changed: the newest save of any content table. */
export async function lastContentChange(db: Database): Promise<Date | null> {
  const times = await Promise.all(
    [siteSettings, heroContent, trustBadgesSection, reasonsContent].map(async (table) => {
      const [row] = await db.select({ at: max(table.updatedAt) }).from(table);
      return row?.at ?? null;
    }),
  );
  const known = times.filter((time): time is Date => time !== null);
  return known.length === 0 ? null : new Date(Math.max(...known.map((time) => time.getTime())));
}
