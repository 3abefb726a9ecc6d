import { getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import pg from "pg";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrPromoteAdmin } from "#app/features/auth/admins.server.ts";
import { listRevisions, readSection, saveSection } from "#app/features/content/section-store.server.ts";
import { addNote, changeStatus, getRequest } from "#app/features/inbox/inbox.server.ts";
import { openDatabase, type Database } from "#server/db/client.ts";
import * as schema from "#server/db/schema.ts";
import { publishLiveEvent } from "#server/live-events.ts";
import { seedDefaults } from "#server/db/seed.ts";
import { createFolderStorage, createStorage } from "#server/storage.ts";
import { postgresBackend } from "#tests/support/databases.ts";
import { jpegBytes, pngBytes } from "#tests/support/files.ts";
import { storeRequest } from "#tests/support/requests.ts";
import { createAccount, createTestAuth, signedInCookie } from "#tests/support/staff.ts";

const adminUrl = process.env.TEST_DATABASE_URL ?? "";
const bucket = "moved-uploads";
const owner = { email: "owner@example.com", password: "moving-day-password" };
const tables = Object.values(schema as Record<string, unknown>).filter((value): value is PgTable => is(value, PgTable));

/** Every table's row count, by name. */
async function rowCounts(db: Database): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) counts[getTableName(table)] = await db.$count(table);
  return counts;
}

describe.skipIf(!postgresBackend)("npm run db:move", () => {
  let directory: string;
  let dataDir: string;
  let s3Server: S3rver;
  let s3Environment: Record<string, string>;
  let admin: pg.Client;
  const databases: string[] = [];
  let requestId: string;
  let photoKeys: string[];
  let before: Record<string, number>;

  /** A new, empty PostgreSQL database, dropped afterwards. */
  async function emptyDatabase(): Promise<string> {
    const name = `move_${randomBytes(6).toString("hex")}`;
    await admin.query(`create database "${name}"`);
    databases.push(name);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  }

  /** Runs the command as an operator would, with the site's environment. */
  function move(args: string[], environment: Record<string, string> = {}): Promise<{ status: number | null; output: string }> {
    const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(DATABASE|S3)_/.test(name)));
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/db-move.ts", ...args], {
      env: { ...inherited, NODE_ENV: "production", DATA_DIR: dataDir, ...environment },
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    return new Promise((resolve) => child.on("close", (status) => resolve({ status, output })));
  }

  beforeAll(async () => {
    directory = mkdtempSync(path.join(tmpdir(), "db-move-"));
    dataDir = path.join(directory, "data");
    s3Server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: path.join(directory, "s3"), configureBuckets: [{ name: bucket, configs: [] }] });
    const { port } = await s3Server.run();
    s3Environment = { S3_BUCKET: bucket, S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_ACCESS_KEY_ID: "S3RVER", S3_SECRET_ACCESS_KEY: "S3RVER" };
    admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();

    // A site that has lived on the embedded defaults: accounts, a request with photos worked by staff, edited content.
    const site = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "db") });
    await seedDefaults(site.db);
    await createOrPromoteAdmin(site.db, owner);
    const editor = { id: await createAccount(site.db, "editor@example.com", "editor"), email: "editor@example.com" };
    const stored = await storeRequest(site.db, createFolderStorage(path.join(dataDir, "uploads")), {
      lastName: "Moved",
      photos: [
        { bytes: jpegBytes, contentType: "image/jpeg" },
        { bytes: pngBytes, contentType: "image/png" },
      ],
    });
    requestId = stored.id;
    photoKeys = stored.photoKeys;
    await addNote(site.db, requestId, "Called back, visit booked", editor);
    await changeStatus(site.db, requestId, "contacted", editor);
    await saveSection(site.db, "hero", { ...(await readSection(site.db, "hero")), title: "Still here after the move" }, editor);
    before = await rowCounts(site.db);
    await site.close();
  }, 120_000);

  afterAll(async () => {
    for (const name of databases) await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
    await s3Server.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it("moves every row to PostgreSQL and the photos to the bucket: the request, its photos and history, the accounts, the content's revisions", { timeout: 60_000 }, async () => {
    const url = await emptyDatabase();
    const { status, output } = await move(["--to", url, "--s3"], s3Environment);
    expect(output).toContain("Moved the embedded database to PostgreSQL");
    expect(output).toContain(`2 uploaded files copied to the bucket ${bucket}.`);
    expect(status).toBe(0);

    const moved = await openDatabase({ kind: "postgres", url });
    try {
      expect(await rowCounts(moved.db)).toEqual(before);
      const request = await getRequest(moved.db, requestId);
      expect(request?.request.lastName).toBe("Moved");
      expect(request?.notes.map((note) => note.body)).toEqual(["Called back, visit booked"]);
      expect(request?.history.map((change) => change.toStatus)).toEqual(["contacted"]);
      expect(request?.photos.map((photo) => photo.storageKey)).toEqual(photoKeys);

      const bucketStorage = createStorage({
        driver: "s3",
        bucket,
        region: "us-east-1",
        endpoint: s3Environment.S3_ENDPOINT,
        forcePathStyle: true,
        credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
        prefix: "",
      });
      expect(await buffer(bucketStorage.get(photoKeys[0] ?? ""))).toEqual(jpegBytes);
      expect(await buffer(bucketStorage.get(photoKeys[1] ?? ""))).toEqual(pngBytes);

      // The owner signs in on PostgreSQL with the password set on the embedded database.
      expect(await signedInCookie(createTestAuth(moved.db), owner.email, owner.password)).toMatch(/session_token=/);
      expect((await readSection(moved.db, "hero")).title).toBe("Still here after the move");
      expect((await listRevisions(moved.db, "hero")).map((revision) => revision.kind)).toEqual(["save", "initial"]);
      // The content version came along: caches keyed by it start from where the site was.
      const [version] = await moved.db.select().from(schema.contentVersion);
      expect(version?.version).toBeGreaterThan(1);
      // The live events came along, and the next one takes an id after theirs.
      const events = await moved.db.select().from(schema.adminEvents);
      expect(events.length).toBeGreaterThan(0);
      await moved.db.transaction((tx) => publishLiveEvent(tx, { kind: "request.changed", requestId }));
      expect(await moved.db.select().from(schema.adminEvents)).toHaveLength(events.length + 1);
    } finally {
      await moved.close();
    }
  });

  it("refuses a target that holds a site or anything else, and a running site; without --s3 the uploads stay", { timeout: 120_000 }, async () => {
    const used = await emptyDatabase();
    expect((await move(["--to", used])).status).toBe(0);
    const again = await move(["--to", used]);
    expect(again.status).toBe(1);
    expect(again.output).toContain("The target database already holds a site (users has rows): give an empty one.");

    const other = await emptyDatabase();
    const client = new pg.Client({ connectionString: other });
    await client.connect();
    await client.query("create table invoices (id int)");
    await client.end();
    const foreign = await move(["--to", other]);
    expect(foreign.status).toBe(1);
    expect(foreign.output).toContain("The target database is not empty (it has the tables invoices): give an empty one.");

    // The site runs: this process stands in for it, holding the embedded database's lock.
    const lockFile = path.join(dataDir, "db.lock");
    writeFileSync(lockFile, String(process.pid));
    try {
      const running = await move(["--to", await emptyDatabase()]);
      expect(running.status).toBe(1);
      expect(running.output).toContain("Stop the site first: a request sent during the move would stay behind in the embedded database.");
    } finally {
      rmSync(lockFile);
    }

    const unmoved = await move(["--to", await emptyDatabase()]);
    expect(unmoved.status).toBe(0);
    expect(unmoved.output).toContain(`Uploads stay in ${path.join(dataDir, "uploads")}`);
    expect((await move(["--to", await emptyDatabase(), "--s3"])).output).toContain("--s3 needs S3_BUCKET");
  });
});
