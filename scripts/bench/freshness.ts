import { randomUUID } from "node:crypto";
import { defaultHero } from "#app/content/defaults.ts";
import { saveHeroOverHttp } from "../../tests/support/staff-http.ts";

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

/**
 * Worst of five: the hero saved through `/admin/hero` on `siteUrl` (as `cookie`'s holder), timed
 * until every one of `pageUrls` shows it, each page loaded (and cached) just before.
 */
export async function worstFreshness(siteUrl: string, cookie: string, pageUrls: string[]): Promise<number> {
  let worst = 0;
  for (let attempt = 0; attempt < 5; attempt++) {
    await Promise.all(pageUrls.map((page) => fetch(page).then((response) => response.text())));
    const title = `Fresh hero ${randomUUID()}`;
    worst = Math.max(worst, await timeUntilVisible(() => saveHeroOverHttp(siteUrl, cookie, { ...defaultHero, title }), pageUrls, title));
  }
  return worst;
}
