import { createServer, get as httpGet, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliCompressSync, brotliDecompressSync, constants as zlib } from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import { brotliQuality, cacheKeyOf as keyOf, createPageCache, isShareable, preferredEncoding, servePageCacheHit, sessionCookiePattern, throttledVersionReader } from "./page-cache.ts";

function cacheKeyOf({ method, url, headers }: { method: string; url: string; headers: Record<string, string> }) {
  return keyOf(method, url, headers, sessionCookiePattern(staffOnly.sessionCookiePrefix));
}

/** The session cookie's prefix the site's auth uses. */
const staffOnly = { sessionCookiePrefix: "staff" };

function request(path: string, { method = "GET", cookie, query = "" }: { method?: string; cookie?: string; query?: string } = {}) {
  return { method, url: `${path}${query}`, headers: cookie ? { cookie } : ({} as Record<string, string>) };
}

describe("which requests the page cache may answer", () => {
  it("answers plain reads of public pages, keyed by address", () => {
    expect(cacheKeyOf(request("/"))).toBe("/");
    expect(cacheKeyOf(request("/water-damage-restoration", { method: "HEAD" }))).toBe("/water-damage-restoration");
    expect(cacheKeyOf(request("/", { query: "?utm_source=ad" }))).toBe("/");
    expect(cacheKeyOf(request("/", { cookie: "theme=dark" }))).toBe("/");
  });

  it("keys by path alone: a query string, random or not, is the same page", () => {
    expect(cacheKeyOf(request("/", { query: `?r=${Math.random()}` }))).toBe("/");
    expect(cacheKeyOf(request("/water-damage-restoration", { query: "?r=1&r=2&utm_campaign=x" }))).toBe("/water-damage-restoration");
    expect(cacheKeyOf(request("/auth", { query: "?r=1" }))).toBeNull();
  });

  it("never answers writes, staff pages, form pages, the API, navigation data or route discovery", () => {
    expect(cacheKeyOf(request("/", { method: "POST" }))).toBeNull();
    const routerRequests = ["/water-damage-restoration.data", "/__manifest?p=%2Fterms&version=abc"];
    for (const path of ["/admin", "/admin/requests", "/auth", "/auth/setup", "/api/service-requests", "/request", ...routerRequests]) {
      expect(cacheKeyOf(request(path))).toBeNull();
    }
  });

  it("never answers a signed-in staff member, on http or https cookies", () => {
    expect(cacheKeyOf(request("/", { cookie: "staff.session_token=abc" }))).toBeNull();
    expect(cacheKeyOf(request("/", { cookie: "theme=dark; __Secure-staff.session_token=abc" }))).toBeNull();
  });
});

/** Accept-Encoding values and the encoding a cached page is sent in. */
const askedFor: [string, string | undefined][] = [
  ["gzip, deflate, br, zstd", "br"],
  ["gzip", "gzip"],
  ["gzip, br;q=0", "gzip"],
  ["identity", undefined],
  ["br;q=0, gzip;q=0", undefined],
];

describe("the encoding of a cached page", () => {
  it("is brotli, else gzip, else none, as the client allows", () => {
    expect(preferredEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(preferredEncoding("gzip, br;q=0")).toBe("gzip");
    expect(preferredEncoding("br;q=0.0, gzip;q=0")).toBe("identity");
    expect(preferredEncoding(undefined)).toBe("identity");
  });
});

describe("which answers are kept", () => {
  const html = { "Content-Type": "text/html; charset=utf-8" };
  it("keeps complete public documents only", () => {
    expect(isShareable(200, new Headers(html))).toBe(true);
    expect(isShareable(404, new Headers(html))).toBe(false);
    expect(isShareable(200, new Headers({ "Content-Type": "application/json" }))).toBe(false);
    expect(isShareable(200, new Headers({ ...html, "Set-Cookie": "a=b" }))).toBe(false);
    expect(isShareable(200, new Headers({ ...html, "Cache-Control": "private, no-store" }))).toBe(false);
    expect(isShareable(200, new Headers({ ...html, "Cache-Control": "no-store" }))).toBe(false);
  });
});

describe("the page cache", () => {
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8", "Content-Length": "3" });

  it("serves a page for the version it was rendered under, and drops it once the version moves", () => {
    const cache = createPageCache(() => 1, staffOnly);
    const page = cache.store("/", 1, 200, headers, "<p>hello</p>");
    expect(cache.lookup("/", 1)).toBe(page);
    expect(page.headers).toEqual([["content-type", "text/html; charset=utf-8"]]);
    const other = cache.store("/b", 1, 200, new Headers({ "Content-Type": "text/html", Connection: "close", Vary: "Cookie", "X-Frame-Options": "DENY" }), "b");
    expect(other.headers).toEqual([["content-type", "text/html"], ["x-frame-options", "DENY"]]);
    expect(cache.lookup("/", 2)).toBeUndefined();
    expect(cache.lookup("/", 1)).toBeUndefined();
  });

  it("holds brotli and gzip forms of the same bytes", async () => {
    const { brotliDecompressSync, gunzipSync } = await import("node:zlib");
    const page = createPageCache(() => 1, staffOnly).store("/", 1, 200, headers, "<p>é</p>".repeat(100));
    expect(brotliDecompressSync(page.br)).toEqual(page.identity);
    expect(gunzipSync(page.gzip)).toEqual(page.identity);
    expect(page.br.length).toBeLessThan(page.identity.length);
  });

  it("answers cache-busting addresses from the page it holds, before any middleware", async () => {
    const cache = createPageCache(() => 1, staffOnly);
    cache.store("/", 1, 200, headers, "<p>home</p>");
    const server = createServer((request, response) => {
      if (!servePageCacheHit(cache, request, response)) response.writeHead(404).end("rendered");
    }).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      for (let attempt = 0; attempt < 5; attempt++) {
        const response = await fetch(`${base}/?r=${Math.random().toString(36).slice(2)}`);
        expect([response.status, await response.text()]).toEqual([200, "<p>home</p>"]);
      }
      expect((await fetch(`${base}/privacy?r=1`)).status).toBe(404);
    } finally {
      server.close();
    }
  });

  it("answers a hit with its request id among the stored headers, in the encoding each client asks for", async () => {
    const cache = createPageCache(() => 1, staffOnly);
    cache.store("/", 1, 200, new Headers({ "Content-Type": "text/html", "X-Frame-Options": "DENY" }), "<p>home</p>".repeat(50));
    let hits = 0;
    const server = createServer((request, response) => {
      if (servePageCacheHit(cache, request, response, `id-${++hits}`)) return;
      response.writeHead(404).end("rendered");
    }).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as AddressInfo;
    const get = (acceptEncoding: string) =>
      new Promise<IncomingMessage>((resolve, reject) => {
        httpGet({ host: "127.0.0.1", port, path: "/", headers: { "accept-encoding": acceptEncoding } }, (response) => {
          response.resume();
          response.on("end", () => resolve(response));
        }).on("error", reject);
      });
    try {
      // The same values again: what was read once for one client is never another's answer.
      for (const [acceptEncoding, encoding] of [...askedFor, ...askedFor]) {
        const response = await get(acceptEncoding);
        expect([response.headers["content-encoding"], response.headers["x-frame-options"], response.headers.vary]).toEqual([encoding, "DENY", "Accept-Encoding"]);
        expect(response.headers["x-request-id"]).toBe(`id-${hits}`);
      }
    } finally {
      server.close();
    }
  });

  it("reads the content version only for an address it holds, so other requests never wait on the database", () => {
    let reads = 0;
    const cache = createPageCache(() => (reads++, 1), staffOnly);
    cache.store("/", 1, 200, headers, "<p>home</p>");
    expect(cache.current("/livez")).toBeUndefined();
    expect(cache.current("/privacy")).toBeUndefined();
    expect(reads).toBe(0);
    expect(cache.current("/")?.key).toBe("/");
    expect(reads).toBe(1);
  });

  it("stores a page compressed at brotli's quality for pages, never at its slowest level", () => {
    // About the size and variety of a rendered home page (70 KB).
    const words = ["water", "damage", "restoration", "mold", "fire", "Philadelphia", "24/7", "call", "crew", "insurance", "claim"];
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647);
    const html = Array.from({ length: 1800 }, () => `<p class="c${next() % 97}">${words[next() % words.length]} ${next()}</p>`).join("");
    expect(html.length).toBeGreaterThan(60_000);
    const cache = createPageCache(() => 1, staffOnly);
    cache.store("/page", 1, 200, headers, html);
    const page = cache.lookup("/page", 1);
    const atQuality = (quality: number) =>
      brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: quality, [zlib.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html) } });
    expect(brotliQuality).toBeLessThan(zlib.BROTLI_MAX_QUALITY);
    expect(page?.br.equals(atQuality(brotliQuality))).toBe(true);
    // The slowest level's output is smaller: the stored one is not it.
    expect(page?.br.length).toBeGreaterThan(atQuality(zlib.BROTLI_MAX_QUALITY).length);
    expect(page && brotliDecompressSync(page.br).toString()).toBe(html);
  });

  it("forgets the oldest pages beyond its size", () => {
    const cache = createPageCache(() => 1, { ...staffOnly, maxEntries: 2 });
    for (const key of ["/a", "/b", "/c"]) cache.store(key, 1, 200, headers, key);
    expect(cache.lookup("/a", 1)).toBeUndefined();
    expect(cache.lookup("/c", 1)?.identity.toString()).toBe("/c");
  });

  it("caches nothing while the version cannot be read", async () => {
    const cache = createPageCache(() => Promise.reject(new Error("database down")), staffOnly);
    expect(cache.versionNow()).toBeUndefined();
    expect(await cache.version()).toBeUndefined();
  });

  it("answers at once only with a version fresh enough, never waiting for a read", async () => {
    let clock = 0;
    const cache = createPageCache(throttledVersionReader(async () => 3, { maxAgeMs: 200, now: () => clock }), staffOnly);
    expect(cache.versionNow()).toBeUndefined();
    expect(await cache.version()).toBe(3);
    expect(cache.versionNow()).toBe(3);
    clock = 250;
    expect(cache.versionNow()).toBeUndefined();
  });
});

describe("reading the content version", () => {
  it("asks the database at most once per interval, sharing the read in flight", async () => {
    let clock = 0;
    let reads = 0;
    let stored = 7;
    const read = throttledVersionReader(async () => (reads++, stored), { maxAgeMs: 200, now: () => clock });
    const [first, second] = await Promise.all([read(), read()]);
    expect([first, second, reads]).toEqual([7, 7, 1]);
    stored = 8;
    clock = 199;
    expect(await read()).toBe(7);
    clock = 200;
    expect(await read()).toBe(8);
    expect(reads).toBe(2);
  });

  it("answers with the last value while the next read is under way, for a while only", async () => {
    let clock = 0;
    let stored = 7;
    let finishRead = () => {};
    const read = throttledVersionReader(
      () => new Promise<number>((resolve) => (finishRead = () => resolve(stored))),
      { maxAgeMs: 200, staleWhileReadingMs: 300, now: () => clock },
    );
    const first = read();
    finishRead();
    expect(await first).toBe(7);

    stored = 8;
    clock = 450;
    // Past 200 ms, within 500: the last value at once, a read started behind it.
    expect(read()).toBe(7);
    finishRead();
    await vi.waitFor(() => expect(read()).toBe(8));

    // A read that does not come back: once the last value is 500 ms old, callers wait for it.
    stored = 9;
    clock = 1100;
    const waiting = read();
    expect(waiting).toBeInstanceOf(Promise);
    finishRead();
    expect(await waiting).toBe(9);
  });

  it("once told this instance changed something, answers only with a version read after the change", async () => {
    let clock = 0;
    let stored = 7;
    const reads: (() => void)[] = [];
    const read = throttledVersionReader(() => new Promise<number>((resolve) => reads.push(() => resolve(stored))), {
      maxAgeMs: 200,
      staleWhileReadingMs: 300,
      now: () => clock,
    });
    const first = read();
    reads.shift()?.();
    expect(await first).toBe(7);

    // A read begun before the save is still under way when the save lands.
    clock = 250;
    expect(read()).toBe(7);
    const beforeSave = reads.shift();
    stored = 8;
    clock = 260;
    read.expire();
    const afterSave = read();
    expect(afterSave).toBeInstanceOf(Promise);
    beforeSave?.();
    reads.shift()?.();
    expect(await afterSave).toBe(8);
    expect(read()).toBe(8);
  });
});
