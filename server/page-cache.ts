import type { IncomingMessage, ServerResponse } from "node:http";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import { staffCookiePrefix } from "#app/features/auth/auth.server.ts";

/**
 * Brotli's quality for pages, here and in the compression of uncached answers: the 73 KB home
 * page takes about 1 ms at 5 and 70 to 180 ms at 11 (the maximum; quiet or busy 2-core machine),
 * for 11% more bytes. A store runs on the event loop, so every request waits for it.
 */
export const brotliQuality = 5;

/** A rendered public page, with its bytes compressed once for every visitor after. */
export interface CachedPage {
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

/**
 * Reads the content version at most once per `maxAgeMs` (callers in between share the last
 * value or the read under way), so every save shows on every instance within that time plus a
 * render, without a query per request. A value counts from the moment its read began.
 */
export function throttledVersionReader(read: () => Promise<number>, { maxAgeMs = 200, now = () => performance.now() } = {}): VersionReader {
  let value: number | undefined;
  let readAt = Number.NEGATIVE_INFINITY;
  let pending: Promise<number> | undefined;
  return () => {
    if (value !== undefined && now() - readAt < maxAgeMs) return value;
    if (!pending) {
      const startedAt = now();
      pending = read()
        .then((version) => {
          value = version;
          readAt = startedAt;
          return version;
        })
        .finally(() => (pending = undefined));
    }
    return pending;
  };
}

const privatePrefixes = ["/admin", "/auth", "/api", "/request"];
const staffSession = new RegExp(`(?:^|;\\s*)(?:__Secure-)?${staffCookiePrefix}\\.session_token=`);

/**
 * The cache key of a request that may be answered from the cache, or null: only plain reads of
 * public documents by visitors who are not signed in. Staff pages, form pages and their answers,
 * and client-navigation data are always rendered.
 *
 * The key is the path alone: no public page reads its query string (only the staff and sign-in
 * pages do, and they are never cached), so `/?utm_source=ad` or `/?r=<random>` is `/`, and a
 * random query cannot make every request a render.
 */
export function cacheKeyOf(method: string | undefined, url: string | undefined, headers: IncomingMessage["headers"]): string | null {
  if ((method !== "GET" && method !== "HEAD") || !url) return null;
  const path = url.split("?", 1)[0] ?? "";
  // `.data` and `/__manifest?p=…` (route discovery) are the router's own requests: their query is the point.
  if (path.endsWith(".data") || path.startsWith("/__") || privatePrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) return null;
  if (headers.authorization || staffSession.test(headers.cookie ?? "")) return null;
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
  store(key: string, version: number, status: number, headers: Headers, html: string): CachedPage;
}

/** In-memory pages of one instance, keyed by address and valid for one content version. */
export function createPageCache(readVersion: VersionReader, { maxEntries = 200 } = {}): PageCache {
  const pages = new Map<string, CachedPage>();
  return {
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

/** Answers with a cached page, headers and all, in the best encoding the client accepts. */
export function sendCachedPage(request: IncomingMessage, response: ServerResponse, page: CachedPage): void {
  const encoding = preferredEncoding(request.headers["accept-encoding"]);
  // Headers set before by middleware (the shutdown's `Connection: close`) are kept; the stored ones win.
  response.writeHead(page.status, page.head[encoding]);
  response.end(request.method === "HEAD" ? undefined : page[encoding]);
}

/**
 * The fast path, before any middleware: a page the cache holds for the current content version
 * is sent as stored (its security headers included). False when the request must go the long way.
 */
export function servePageCacheHit(cache: PageCache, request: IncomingMessage, response: ServerResponse): boolean {
  const key = cacheKeyOf(request.method, request.url, request.headers);
  const version = key === null ? undefined : cache.versionNow();
  const page = key === null || version === undefined ? undefined : cache.lookup(key, version);
  if (!page) return false;
  sendCachedPage(request, response, page);
  return true;
}
