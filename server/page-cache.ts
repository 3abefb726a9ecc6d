import type { IncomingMessage, ServerResponse } from "node:http";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";

/**
 * Brotli's quality for pages, here and in the compression of uncached answers: the 73 KB home
 * page takes about 1 ms at 5 and 70 to 180 ms at 11 (the maximum; quiet or busy 2-core machine),
 * for 11% more bytes. A store runs on the event loop, so every request waits for it.
 */
export const brotliQuality = 5;

/** A rendered public page, with its bytes compressed once for every visitor after. */
export interface CachedPage {
  /** The cache key (a path) it is stored under. */
  key: string;
  version: number;
  status: number;
  headers: [string, string][];
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  /** Ready-made header lines per encoding: a hit is one writeHead and one write. */
  head: Record<Encoding, string[]>;
}

type Encoding = "br" | "gzip" | "identity";

export type VersionReader = () => number | Promise<number>;

/** A version reader that can be told the version it holds is out of date. */
export type ExpiringVersionReader = VersionReader & {
  /** This instance has just changed something: the next caller waits for a fresh read, never the last value. */
  expire(): void;
};

/**
 * Reads the content version at most once per `maxAgeMs` (callers in between share the last
 * value or the read under way), so every save shows on every instance within that time plus a
 * render, without a query per request. A value counts from the moment its read began.
 *
 * For `staleWhileReadingMs` more, the last value still answers at once while the next read is
 * under way: under steady traffic no request waits for the database, and a save shows within
 * `maxAgeMs + staleWhileReadingMs` plus a render.
 */
export function throttledVersionReader(
  read: () => Promise<number>,
  { maxAgeMs = 200, staleWhileReadingMs = 0, now = () => performance.now() } = {},
): ExpiringVersionReader {
  let value: number | undefined;
  let readAt = Number.NEGATIVE_INFINITY;
  let pending: Promise<number> | undefined;
  let expiredAt = Number.NEGATIVE_INFINITY;
  const startRead = () => {
    const startedAt = now();
    const reading: Promise<number> = read()
      .then((version) => {
        // A read begun before the last expiry may carry the version from before the change.
        if (startedAt >= expiredAt) {
          value = version;
          readAt = startedAt;
        }
        return version;
      })
      .finally(() => {
        if (pending === reading) pending = undefined;
      });
    pending = reading;
    return reading;
  };
  const reader = () => {
    const age = now() - readAt;
    if (value !== undefined && age < maxAgeMs) return value;
    const reading = pending ?? startRead();
    return value !== undefined && age < maxAgeMs + staleWhileReadingMs ? value : reading;
  };
  return Object.assign(reader, {
    expire() {
      value = undefined;
      expiredAt = now();
      startRead();
    },
  });
}

const privatePrefixes = ["/admin", "/auth", "/api", "/request"];

/** A signed-in staff member's session cookie, named with the auth's `cookiePrefix` (`__Secure-` first on HTTPS). */
export function sessionCookiePattern(cookiePrefix: string): RegExp {
  return new RegExp(`(?:^|;\\s*)(?:__Secure-)?${cookiePrefix}\\.session_token=`);
}

/**
 * The cache key of a request that may be answered from the cache, or null: only plain reads of
 * public documents by visitors who are not signed in. Staff pages, form pages and their answers,
 * and client-navigation data are always rendered.
 *
 * The key is the path alone: no public page reads its query string (only the staff and sign-in
 * pages do, and they are never cached), so `/?utm_source=ad` or `/?r=<random>` is `/`, and a
 * random query cannot make every request a render.
 */
export function cacheKeyOf(method: string | undefined, url: string | undefined, headers: IncomingMessage["headers"], sessionCookie: RegExp): string | null {
  if ((method !== "GET" && method !== "HEAD") || !url) return null;
  const path = url.split("?", 1)[0] ?? "";
  // `.data` and `/__manifest?p=…` (route discovery) are the router's own requests: their query is the point.
  if (path.endsWith(".data") || path.startsWith("/__") || privatePrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) return null;
  if (headers.authorization || sessionCookie.test(headers.cookie ?? "")) return null;
  return path;
}

/** Only a complete, shareable HTML answer is kept: nothing that sets a cookie or says it is private. */
export function isShareable(status: number, headers: Headers): boolean {
  return (
    status === 200 &&
    (headers.get("Content-Type") ?? "").startsWith("text/html") &&
    !headers.has("Set-Cookie") &&
    !/no-store|private/.test(headers.get("Cache-Control") ?? "")
  );
}

export interface PageCache {
  /** The content version to render and store under; undefined when it cannot be read (nothing is cached then). */
  version(): Promise<number | undefined>;
  /** The content version if it is fresh enough to use without waiting; otherwise starts a read. */
  versionNow(): number | undefined;
  lookup(key: string, version: number): CachedPage | undefined;
  /**
   * The page held for `key` if it is for the content version of the moment, without waiting.
   * The version is only read for keys the cache holds, so no other request depends on the database.
   */
  current(key: string): CachedPage | undefined;
  store(key: string, version: number, status: number, headers: Headers, html: string): CachedPage;
  /** `cacheKeyOf` for this cache's session cookie. */
  keyOf(method: string | undefined, url: string | undefined, headers: IncomingMessage["headers"]): string | null;
}

/**
 * In-memory pages of one instance, keyed by address and valid for one content version. Requests
 * carrying a session cookie named with `sessionCookiePrefix` are never answered from it.
 */
export function createPageCache(readVersion: VersionReader, { sessionCookiePrefix, maxEntries = 200 }: { sessionCookiePrefix: string; maxEntries?: number }): PageCache {
  const pages = new Map<string, CachedPage>();
  const sessionCookie = sessionCookiePattern(sessionCookiePrefix);
  const cache: PageCache = {
    keyOf: (method, url, headers) => cacheKeyOf(method, url, headers, sessionCookie),
    async version() {
      try {
        return await readVersion();
      } catch {
        return undefined;
      }
    },
    versionNow() {
      try {
        const version = readVersion();
        if (typeof version === "number") return version;
        version.catch(() => {});
      } catch {
        // Counted as unknown: the request is rendered, and waits for the version there.
      }
      return undefined;
    },
    lookup(key, version) {
      const page = pages.get(key);
      if (page && page.version !== version) pages.delete(key);
      return page?.version === version ? page : undefined;
    },
    current(key) {
      if (!pages.has(key)) return undefined;
      const version = cache.versionNow();
      return version === undefined ? undefined : cache.lookup(key, version);
    },
    store(key, version, status, headers, html) {
      const identity = Buffer.from(html);
      const bodies = {
        identity,
        gzip: gzipSync(identity, { level: 9 }),
        br: brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: brotliQuality, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
      };
      const kept = [...headers].filter(([name]) => !perResponseHeaders.has(name));
      const headFor = (encoding: Encoding) =>
        [
          ...kept,
          ["Vary", "Accept-Encoding"],
          ...(encoding === "identity" ? [] : [["Content-Encoding", encoding]]),
          ["Content-Length", String(bodies[encoding].length)],
        ].flat();
      const page: CachedPage = {
        key,
        version,
        status,
        headers: kept,
        ...bodies,
        head: { identity: headFor("identity"), gzip: headFor("gzip"), br: headFor("br") },
      };
      pages.delete(key);
      pages.set(key, page);
      // Oldest first: a flood of distinct query strings cannot grow the cache without bound.
      if (pages.size > maxEntries) pages.delete(pages.keys().next().value as string);
      return page;
    },
  };
  return cache;
}

/** Headers that belong to one response or connection, never to a stored page. */
const perResponseHeaders = new Set(["connection", "keep-alive", "date", "content-length", "content-encoding", "transfer-encoding", "vary", "set-cookie", "x-request-id"]);

/** Brotli, else gzip, else none, as the client's Accept-Encoding allows (`q=0` refuses). */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? "").toLowerCase().split(",")) {
    const [name = "", ...parameters] = part.trim().split(";");
    const refused = parameters.some((parameter) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(parameter));
    if (!refused) accepted.add(name.trim());
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip")) return "gzip";
  return "identity";
}

const negotiated = new Map<string, Encoding>();
/** Browsers send a handful of Accept-Encoding values: each is read once, not on every hit. */
const maxNegotiated = 64;

function negotiatedEncoding(acceptEncoding: string | undefined): Encoding {
  if (acceptEncoding === undefined) return "identity";
  let encoding = negotiated.get(acceptEncoding);
  if (encoding === undefined) {
    encoding = preferredEncoding(acceptEncoding);
    // A client inventing values cannot grow it without bound.
    if (negotiated.size >= maxNegotiated) negotiated.clear();
    negotiated.set(acceptEncoding, encoding);
  }
  return encoding;
}

/**
 * Answers with a cached page, headers and all, in the best encoding the client accepts. With a
 * `requestId`, it is sent among the stored headers: with nothing set before, `writeHead` takes the
 * ready-made list as it is. Headers set before by middleware (the request id, the shutdown's
 * `Connection: close`) are kept; the stored ones win.
 */
export function sendCachedPage(request: IncomingMessage, response: ServerResponse, page: CachedPage, requestId?: string): void {
  const encoding = negotiatedEncoding(request.headers["accept-encoding"]);
  const head = page.head[encoding];
  response.writeHead(page.status, requestId === undefined ? head : head.concat("X-Request-Id", requestId));
  response.end(request.method === "HEAD" ? undefined : page[encoding]);
}

/**
 * The fast path, before any middleware: a page the cache holds for the current content version
 * is sent as stored (its security headers included) with the request's id. Returns the page sent,
 * or undefined when the request must go the long way.
 */
export function servePageCacheHit(cache: PageCache, request: IncomingMessage, response: ServerResponse, requestId?: string): CachedPage | undefined {
  const key = cache.keyOf(request.method, request.url, request.headers);
  const page = key === null ? undefined : cache.current(key);
  if (page) sendCachedPage(request, response, page, requestId);
  return page;
}
