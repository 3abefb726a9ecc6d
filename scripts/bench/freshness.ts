import { heroContent } from "#server/db/schema.ts";
import type { Database } from "#server/db/client.ts";
import { bumpContentVersion } from "#app/features/site/content-version.server.ts";

/** What saving the hero does: the row and the content version change in one transaction. */
export async function saveHeroTitle(db: Database, title: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(heroContent).set({ title });
    await bumpContentVersion(tx);
  });
}

/** Milliseconds from `save()` until every one of `pageUrls` shows `text`. */
export async function timeUntilVisible(save: () => Promise<void>, pageUrls: string[], text: string, timeoutMs = 5_000): Promise<number> {
  const started = performance.now();
  await save();
  const pending = new Set(pageUrls);
  while (pending.size > 0) {
    if (performance.now() - started > timeoutMs) return Number.POSITIVE_INFINITY;
    for (const url of [...pending]) {
      const html = await fetch(url).then((response) => response.text());
      if (html.includes(text)) pending.delete(url);
    }
  }
  return performance.now() - started;
}
