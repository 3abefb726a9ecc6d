import type { Logger } from "./logger.ts";

export interface CacheHitLog {
  /** Counts one cached page sent; at debug level, also logs it on its own line. */
  record(requestId: string, method: string | undefined, key: string): void;
  /** Logs the counts since the last time, if there are any. */
  flush(): void;
  /** Flushes, and stops flushing on a timer (at shutdown). */
  stop(): void;
}

/**
 * A cached page is the answer sent by the thousand per second in a burst, and a line per hit
 * cost as much as the hit itself. So hits are counted per page, and the counts logged once per
 * `intervalMs` ("cached pages served"); at `LOG_LEVEL=debug` every hit has its line as well.
 * Every other request (a render, a refusal, an error) keeps its own line at info level and above.
 */
export function countCacheHits(logger: Logger, { intervalMs = 60_000 } = {}): CacheHitLog {
  // Keys are the page cache's, so this holds at most as many entries as the cache.
  let hits = new Map<string, number>();
  let since = Date.now();
  const flush = () => {
    if (hits.size === 0) return;
    const now = Date.now();
    logger.info({ cache: "hit", hits: Object.fromEntries(hits), seconds: Math.round((now - since) / 1000) }, "cached pages served");
    hits = new Map();
    since = now;
  };
  const timer = setInterval(flush, intervalMs);
  timer.unref();
  return {
    record(requestId, method, key) {
      hits.set(key, (hits.get(key) ?? 0) + 1);
      if (logger.isLevelEnabled("debug")) {
        logger.debug({ req: { id: requestId, method, path: key }, res: { status: 200 }, cache: "hit" }, "request completed");
      }
    },
    flush,
    stop() {
      clearInterval(timer);
      flush();
    },
  };
}
