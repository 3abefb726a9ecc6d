import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addNote, changeStatus } from "#app/features/inbox/inbox.server.ts";
import { testBackends, type TestDatabase } from "#tests/support/databases.ts";
import { readEventStream } from "#tests/support/event-stream.ts";
import { storeRequest } from "#tests/support/requests.ts";
import { createAccount, createTestAuth, signedInAccount, signedInCookie, uniqueEmail } from "#tests/support/staff.ts";
import { createApp } from "./app.ts";
import { countCacheHits } from "./cache-hits.ts";
import { parseConfig } from "./config.ts";
import { createHeicPreviewMaker } from "./heic-previews.ts";
import { publishLiveEvent, startLiveHub, type LiveHub } from "./live-events.ts";
import { liveStreamPath } from "./live-stream.ts";
import { createFolderStorage, createStorage } from "./storage.ts";

const silent = pino({ level: "silent" });

describe.each(testBackends)("the admin's live stream on $name", (backend) => {
  let dataDir: string;
  let database: TestDatabase;
  let liveHub: LiveHub;
  let server: Server;
  let base: string;
  let auth: ReturnType<typeof createTestAuth>;
  const closers: (() => Promise<void>)[] = [];

  beforeEach(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "live-test-"));
    const clientBuildDirectory = path.join(dataDir, "client");
    mkdirSync(path.join(clientBuildDirectory, "assets"), { recursive: true });
    database = await backend.open();
    const config = parseConfig({ DATA_DIR: dataDir, NODE_ENV: "production", PUBLIC_URL: "http://site.test", SESSION_SECRET: "s".repeat(40) });
    // The app's own sessions: signed with its secret, in its database.
    auth = createTestAuth(database.db, { secret: config.sessionSecret, publicUrl: config.publicUrl, https: false });
    liveHub = await startLiveHub({ database, logger: silent, pollIntervalMs: 60_000 });
    server = createServer(
      createApp({
        config,
        logger: silent,
        cacheHits: countCacheHits(silent),
        checkMail: () => Promise.resolve(),
        database,
        storage: createStorage(config.storage),
        heicPreviews: createHeicPreviewMaker({ maxPixels: 1 }),
        notifyOutbox: () => {},
        liveHub,
        outboxRunning: () => true,
        isShuttingDown: () => false,
        clientBuildDirectory,
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
    await liveHub.stop();
    await new Promise((resolve) => server.close(resolve));
    await database.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function open(cookie: string | null, headers: Record<string, string> = {}) {
    const response = await fetch(`${base}${liveStreamPath}`, { headers: { ...headers, ...(cookie ? { cookie } : {}) } });
    return response;
  }

  async function follow(cookie: string, headers: Record<string, string> = {}) {
    const response = await open(cookie, headers);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("private, no-store, no-transform");
    expect(response.headers.get("content-encoding")).toBeNull();
    const stream = readEventStream(response);
    closers.push(stream.close);
    await expect.poll(() => stream.events.some((event) => event.event === "ready" || event.event === "reset")).toBe(true);
    return stream;
  }

  it("is refused to visitors (401) and to pending and revoked accounts (403)", async () => {
    const visitor = await open(null);
    expect(visitor.status).toBe(401);
    expect(visitor.headers.get("cache-control")).toContain("no-store");
    for (const role of ["pending", "revoked"] as const) {
      const { cookie } = await signedInAccount(database.db, auth, role);
      expect((await open(cookie)).status).toBe(403);
    }
  });

  it("tells approved staff of a new request, a status change and a note as each commits, and nothing that rolled back", async () => {
    const email = uniqueEmail("editor");
    const actor = { id: await createAccount(database.db, email, "editor"), email };
    const stream = await follow(await signedInCookie(auth, email));
    const { id } = await storeRequest(database.db, createFolderStorage(dataDir));

    await database.db.transaction(async (tx) => publishLiveEvent(tx, { kind: "request.created", requestId: id, urgent: true }));
    await database.db
      .transaction(async (tx) => {
        await publishLiveEvent(tx, { kind: "request.changed", requestId: id });
        throw new Error("rolled back");
      })
      .catch(() => {});
    expect(await changeStatus(database.db, id, "contacted", actor)).toBe(true);
    expect(await addNote(database.db, id, "Called back", actor)).toBe(true);

    const heard = () => stream.events.filter((event) => event.event === "live").map((event) => JSON.parse(event.data) as { kind: string });
    await expect.poll(() => heard().length, { timeout: 5_000 }).toBe(3);
    expect(heard()).toEqual([
      { kind: "request.created", requestId: id, urgent: true },
      { kind: "request.status", requestId: id, urgent: false },
      { kind: "request.note", requestId: id, urgent: false },
    ]);
  });

  it("replays what a reconnecting page missed, from the last id it saw", async () => {
    const { cookie } = await signedInAccount(database.db, auth, "admin");
    const first = await follow(cookie);
    const cursor = first.events.find((event) => event.event === "ready")?.id ?? "";
    await first.close();

    const { id } = await storeRequest(database.db, createFolderStorage(dataDir));
    for (const kind of ["request.created", "request.status"] as const) {
      await database.db.transaction(async (tx) => publishLiveEvent(tx, { kind, requestId: id }));
    }
    const again = await follow(cookie, { "Last-Event-ID": cursor });
    const replayed = again.events.filter((event) => event.event === "live").map((event) => (JSON.parse(event.data) as { kind: string }).kind);
    expect(replayed).toEqual(["request.created", "request.status"]);
    expect(Number(again.events.at(-2)?.id)).toBeGreaterThan(Number(cursor));
  });

  it("ends its streams when the hub stops, so the server can shut down", async () => {
    const { cookie } = await signedInAccount(database.db, auth, "editor");
    const stream = readEventStream(await open(cookie));
    // Stopped once the stream is under way (its catch-up read and "ready" sent), as at shutdown.
    await expect.poll(() => stream.events.some((event) => event.event === "ready")).toBe(true);
    await liveHub.stop();
    await stream.ended;
  });
});
