/**
 * `npm run db:backup -- --out DIR`: a consistent copy of the embedded database and the uploads
 * folder, while the site runs or not (decision 12). Run it where the site runs, with its settings.
 */
import { chmodSync, copyFileSync, createWriteStream, existsSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream } from "node:stream/web";
import { parseArgs } from "node:util";
import { createGzip } from "node:zlib";
import { backupAuthorization, backupPath } from "#server/backup.ts";
import { ConfigError, parseConfig, type Config } from "#server/config.ts";
import { databaseLocation, openDatabase } from "#server/db/client.ts";
import { LockedError } from "#server/db/lock-file.ts";
import { copyObjects, createFolderStorage, folderStorageKeys } from "#server/storage.ts";

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

const usage = "Usage: npm run db:backup -- --out /backups/restoration-2026-06-15";
let out: string;
try {
  const { values } = parseArgs({ options: { out: { type: "string" } } });
  if (!values.out) fail(`--out is required.\n${usage}`);
  out = path.resolve(values.out);
} catch (error) {
  fail(`${(error as Error).message}\n${usage}`);
}

let config: Config;
try {
  config = parseConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}
const location = databaseLocation(config);
if (location.kind !== "pglite") {
  fail("This site's database is PostgreSQL (DATABASE_URL is set): back it up with pg_dump, as docs/deploy.md#backups says.");
}
if (!existsSync(path.join(location.dataDir, "PG_VERSION"))) fail(`There is no embedded database in ${location.dataDir} to back up: is DATA_DIR right?`);
if (existsSync(out) && readdirSync(out).length > 0) fail(`${out} is not empty: give a new folder, so that no backup mixes with another.`);
mkdirSync(out, { recursive: true, mode: 0o700 });

/** The database's files: read by this process when the site is stopped, else by the site itself. */
async function databaseFiles(): Promise<{ files: Readable; siteRunning: boolean }> {
  let database;
  try {
    database = await openDatabase(location);
  } catch (error) {
    if (!(error instanceof LockedError)) throw error;
    return { files: await filesFromRunningSite(), siteRunning: true };
  }
  try {
    const files = await database.dumpFiles?.();
    if (!files) throw new Error("The embedded database cannot be copied");
    return { files: Readable.fromWeb(files.stream() as ReadableStream<Uint8Array>), siteRunning: false };
  } finally {
    await database.close();
  }
}

async function filesFromRunningSite(): Promise<Readable> {
  const host = ["0.0.0.0", "::"].includes(config.host) ? "127.0.0.1" : config.host;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${config.port}${backupPath}`;
  let response;
  try {
    response = await fetch(url, { method: "POST", headers: { Authorization: backupAuthorization(config.sessionSecret) } });
  } catch (error) {
    fail(
      `The embedded database is in use, but no site answers at ${url} (${String((error as Error).cause ?? error)}). ` +
        "Run this on the machine (or in the container) that runs the site, with its settings (DATA_DIR, PORT, HOST).",
    );
  }
  if (!response.ok || !response.body) fail(`The running site refused the backup (${response.status}): ${await response.text()}`);
  return Readable.fromWeb(response.body as ReadableStream<Uint8Array>);
}

// The database first, then the uploads: every photo the copied database names is then in the copy.
const { files, siteRunning } = await databaseFiles();
await pipeline(files, createGzip(), createWriteStream(path.join(out, "database.tar.gz"), { flags: "wx", mode: 0o600 }));

let uploads = "Uploads are in the S3 bucket: back it up as docs/deploy.md#backups says.";
if (config.storage.driver === "folder") {
  const keys = await folderStorageKeys(config.storage.directory);
  await copyObjects(createFolderStorage(config.storage.directory), createFolderStorage(path.join(out, "uploads")), keys);
  uploads = `${keys.length} uploaded files copied to uploads/.`;
}

// Restored with the database, it keeps staff signed in and the rate limits' client keys stable.
const secretFile = path.join(config.dataDir, "session-secret");
if (existsSync(secretFile)) {
  copyFileSync(secretFile, path.join(out, "session-secret"));
  chmodSync(path.join(out, "session-secret"), 0o600);
}

process.stdout.write(
  `Backed up the embedded database ${siteRunning ? "from the running site" : "(the site is stopped)"} to ${out}/database.tar.gz.\n` +
    `${uploads}\nRestore: see docs/deploy.md#backups.\n`,
);
