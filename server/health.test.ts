import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { pgliteBackend, postgresBackend, testBackends } from "#tests/support/databases.ts";
import { createReadinessCheck } from "./health.ts";
import { createStorage } from "./storage.ts";

const directories: string[] = [];
function temporaryDirectory() {
  const directory = mkdtempSync(path.join(tmpdir(), "readiness-"));
  directories.push(directory);
  return directory;
}
afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

/** A logger whose lines the test reads. */
function capturingLogger() {
  const lines: { level: number; msg: string; down?: string[] }[] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines, warnings: () => lines.filter((line) => line.level === 40), infos: () => lines.filter((line) => line.level === 30) };
}

const folder = () => createStorage({ driver: "folder", directory: path.join(temporaryDirectory(), "uploads") });

describe.each(testBackends)("readiness on $name", (backend) => {
  it("is ready while everything answers; a closed database makes it unready, said once however often it is asked", async () => {
    const database = await backend.open();
    const { logger, lines, warnings } = capturingLogger();
    try {
      const ready = createReadinessCheck({ database, storage: folder(), outboxRunning: () => true, logger });
      expect(await ready()).toEqual({ status: 200, database: "up", storage: "up", outbox: "running", down: [] });
      expect(lines).toEqual([]);
      await database.close();
      for (let probe = 0; probe < 3; probe++) {
        expect(await ready()).toEqual({ status: 503, database: "down", storage: "up", outbox: "running", down: ["database"] });
      }
      expect(warnings()).toMatchObject([{ msg: "Not ready: database down", down: ["database"] }]);
      expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    } finally {
      await database.dispose();
    }
  });
});

describe("readiness", () => {
  it("is unready while the uploads cannot be written or the outbox worker has stopped", async () => {
    const database = await pgliteBackend.open();
    const { logger, warnings } = capturingLogger();
    try {
      const file = path.join(temporaryDirectory(), "file");
      writeFileSync(file, "");
      const unwritable = createStorage({ driver: "folder", directory: path.join(file, "uploads") });
      const ready = createReadinessCheck({ database, storage: unwritable, outboxRunning: () => false, logger });
      expect(await ready()).toEqual({ status: 503, database: "up", storage: "down", outbox: "stopped", down: ["storage", "outbox"] });
      expect(warnings()).toMatchObject([{ msg: "Not ready: storage, outbox down" }]);
    } finally {
      await database.dispose();
    }
  });

  it("answers within seconds while a store hangs, and probes meanwhile share one check", async () => {
    const database = await pgliteBackend.open();
    const sockets: Socket[] = [];
    // Accepts connections and never answers.
    const silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as { port: number };
    try {
      const storage = createStorage({
        driver: "s3",
        bucket: "photos",
        region: "us-east-1",
        endpoint: `http://127.0.0.1:${port}`,
        forcePathStyle: true,
        credentials: { accessKeyId: "key", secretAccessKey: "secret" },
        prefix: "",
      });
      const ready = createReadinessCheck({ database, storage, outboxRunning: () => true, logger: capturingLogger().logger });
      const started = Date.now();
      const answers = await Promise.all([ready(), ready(), ready()]);
      expect(Date.now() - started).toBeLessThan(4_000);
      expect(answers.map((answer) => answer.down)).toEqual([["storage"], ["storage"], ["storage"]]);
      expect(sockets).toHaveLength(1);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
      await database.dispose();
    }
  });
});

describe.skipIf(!postgresBackend)("readiness through a PostgreSQL outage", () => {
  it("turns unready when the database refuses connections and ready when it is back, saying each once", async () => {
    if (!postgresBackend) throw new Error("TEST_DATABASE_URL is not set");
    const database = await postgresBackend.open();
    const name = new URL(database.url).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const { logger, warnings, infos } = capturingLogger();
    try {
      const ready = createReadinessCheck({ database, storage: folder(), outboxRunning: () => true, logger });
      expect((await ready()).status).toBe(200);
      await admin.query(`alter database "${name}" with allow_connections false`);
      await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1", [name]);
      await expect.poll(async () => (await ready()).status).toBe(503);
      expect((await ready()).down).toEqual(["database"]);
      await admin.query(`alter database "${name}" with allow_connections true`);
      await expect.poll(async () => (await ready()).status).toBe(200);
      expect((await ready()).status).toBe(200);
      expect(warnings()).toMatchObject([{ msg: "Not ready: database down" }]);
      expect(infos()).toMatchObject([{ msg: "Ready again" }]);
    } finally {
      await admin.query(`alter database "${name}" with allow_connections true`);
      await admin.end();
      await database.dispose();
    }
  });
});
