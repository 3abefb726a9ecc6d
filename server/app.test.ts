import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { pgliteBackend, type TestDatabase } from "#tests/support/databases.ts";
import { createApp } from "./app.ts";
import { countCacheHits } from "./cache-hits.ts";
import { createHeicPreviewMaker } from "./heic-previews.ts";
import { backupAuthorization } from "./backup.ts";
import { parseConfig, type Config } from "./config.ts";
import { startLiveHub, type LiveHub } from "./live-events.ts";
import { createStorage } from "./storage.ts";

interface LogLine {
  level: number;
  msg: string;
  req?: { id: string; path: string };
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("the server's probes and request ids", () => {
  let dataDir: string;
  let database: TestDatabase;
  let server: Server;
  let base: string;
  let config: Config;
  let liveHub: LiveHub;
  const lines: LogLine[] = [];

  beforeEach(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "app-test-"));
    // An empty build: these requests never reach a page.
    const clientBuildDirectory = path.join(dataDir, "client");
    mkdirSync(path.join(clientBuildDirectory, "assets"), { recursive: true });
    database = await pgliteBackend.open();
    config = parseConfig({ DATA_DIR: dataDir, NODE_ENV: "production", PUBLIC_URL: "http://site.test" });
    const logger = pino({ level: "info" }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const app = createApp({
      config,
      logger,
      cacheHits: countCacheHits(logger),
      database,
      storage: createStorage(config.storage),
      // Its workers start only when a photo is decoded: none here.
      heicPreviews: createHeicPreviewMaker({ maxPixels: 1 }),
      notifyOutbox: () => {},
      // No timed look at the events: once the test closes the database it would log a line of its own.
      liveHub: (liveHub = await startLiveHub({ database, logger, pollIntervalMs: 3_600_000 })),
      outboxRunning: () => true,
      checkMail: () => Promise.resolve(),
      isShuttingDown: () => false,
      clientBuildDirectory,
    });
    server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });

  afterEach(async () => {
    lines.length = 0;
    await liveHub.stop();
    await new Promise((resolve) => server.close(resolve));
    await database.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("is live without the database and ready only with it; probes are not logged, the change is, once", async () => {
    const live = await fetch(`${base}/livez`);
    expect(live.status).toBe(200);
    expect(live.headers.get("cache-control")).toBe("no-store");
    for (const probe of ["/readyz", "/healthz"]) {
      const ready = await fetch(`${base}${probe}`);
      expect(ready.status).toBe(200);
      expect(ready.headers.get("cache-control")).toBe("no-store");
      expect(await ready.json()).toEqual({ status: 200, database: "up", storage: "up", outbox: "running", down: [] });
    }

    await database.close();
    for (let round = 0; round < 3; round++) {
      expect((await fetch(`${base}/livez`)).status).toBe(200);
      const ready = await fetch(`${base}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ status: 503, database: "down", down: ["database"] });
      expect((await fetch(`${base}/healthz`)).status).toBe(503);
    }
    expect(lines.map((line) => [line.level, line.msg])).toEqual([[40, "Not ready: database down"]]);
  });

  it("gives every answer a request id, keeps a proxy's plain one, and puts it in the request's log lines", async () => {
    const own = await fetch(`${base}/livez`);
    expect(own.headers.get("x-request-id")).toMatch(uuid);
    const another = await fetch(`${base}/livez`);
    expect(another.headers.get("x-request-id")).not.toBe(own.headers.get("x-request-id"));

    const kept = await fetch(`${base}/livez`, { headers: { "X-Request-Id": "lb-7f3a_91" } });
    expect(kept.headers.get("x-request-id")).toBe("lb-7f3a_91");
    for (const unsafe of ["has spaces", "a".repeat(65), "line\\nbreak", "<script>"]) {
      const replaced = await fetch(`${base}/livez`, { headers: { "X-Request-Id": unsafe } });
      expect(replaced.headers.get("x-request-id")).toMatch(uuid);
    }

    // A route's own log line (the logger loaders get), and the request's summary line.
    const refused = await fetch(`${base}/some-form`, { method: "POST", headers: { Origin: "https://elsewhere.example", "X-Request-Id": "trace-1" } });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("x-request-id")).toBe("trace-1");
    const missing = await fetch(`${base}/assets/gone.js`);
    expect(missing.status).toBe(404);
    const missingId = missing.headers.get("x-request-id");

    expect(lines.map((line) => [line.msg, line.req?.id, line.req?.path])).toEqual([
      ["Refused a cross-site request", "trace-1", "/some-form"],
      ["request completed", "trace-1", "/some-form"],
      ["request completed", missingId, "/assets/gone.js"],
    ]);
  });

  it("hands a copy of the embedded database only to a request signed with the site's secret, made within the minute", async () => {
    const backup = (authorization?: string) =>
      fetch(`${base}/internal/backup`, { method: "POST", headers: authorization ? { Authorization: authorization } : {} });
    expect((await backup()).status).toBe(403);
    expect((await backup(backupAuthorization("another-site's-secret-of-enough-length"))).status).toBe(403);
    expect((await backup(backupAuthorization(config.sessionSecret, new Date(Date.now() - 2 * 60_000)))).status).toBe(403);
    const copy = await backup(backupAuthorization(config.sessionSecret));
    expect(copy.status).toBe(200);
    expect(copy.headers.get("content-type")).toBe("application/x-tar");
    // A tar archive: the first entry's name, then "ustar" at offset 257.
    const archive = Buffer.from(await copy.arrayBuffer());
    expect(archive.subarray(257, 262).toString()).toBe("ustar");
  });
});
