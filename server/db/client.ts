import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { privateFolderMode, restrictToOwner } from "../private-files.ts";
import { acquireLockFile } from "./lock-file.ts";
import * as schema from "./schema.ts";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseLocation =
  | { kind: "postgres"; url: string }
  | { kind: "pglite"; dataDir: string }
  /** In memory, optionally started from a copy of another database's files (tests clone a migrated one). */
  | { kind: "pglite-memory"; loadDataDir?: Blob };

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");
/** Any fixed number: instances starting together queue on it instead of racing through migrations. */
const migrationLockKey = 4_227_001;

/** Opens the database and brings its schema up to date before anyone can use it. */
export async function openDatabase(location: DatabaseLocation): Promise<DatabaseHandle> {
  return location.kind === "postgres" ? openPostgres(location.url) : openPglite(location);
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 });
  // A client losing its connection (database restart, failover) must not crash the process:
  // idle ones report through the pool, checked-out ones through themselves (their query fails).
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  const migrationClient = await pool.connect();
  try {
    await migrationClient.query("select pg_advisory_lock($1)", [migrationLockKey]);
    await migrateNodePostgres(drizzleNodePostgres({ client: migrationClient }), { migrationsFolder });
  } finally {
    await migrationClient.query("select pg_advisory_unlock($1)", [migrationLockKey]).catch(() => {});
    migrationClient.release();
  }
  const db = drizzleNodePostgres({ client: pool, schema });
  return {
    db,
    kind: "postgres",
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (!pool.ended) await pool.end();
    },
  };
}

async function openPglite(location: Extract<DatabaseLocation, { kind: "pglite" | "pglite-memory" }>): Promise<DatabaseHandle> {
  let releaseLock = () => {};
  let dataDir: string | undefined;
  if (location.kind === "pglite") {
    mkdirSync(location.dataDir, { recursive: true, mode: privateFolderMode });
    // PGlite is single-process: a second process on the same folder corrupts it.
    releaseLock = acquireLockFile(path.join(location.dataDir, "..", "db.lock"));
    dataDir = location.dataDir;
  }
  try {
    const client = await PGlite.create(dataDir, location.kind === "pglite-memory" ? { loadDataDir: location.loadDataDir } : {});
    // PGlite unpacks a new database with its files open to everyone (0666), whatever the umask.
    if (dataDir) restrictToOwner(dataDir);
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder });
    return {
      db,
      kind: "pglite",
      ping: async () => {
        if (client.closed) throw new Error("The embedded database is closed");
        await client.query("select 1");
      },
      close: async () => {
        try {
          if (!client.closed) await client.close();
        } finally {
          releaseLock();
        }
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

export function databaseLocation(config: { databaseUrl: string | undefined; dataDir: string }): DatabaseLocation {
  return config.databaseUrl
    ? { kind: "postgres", url: config.databaseUrl }
    : { kind: "pglite", dataDir: path.join(config.dataDir, "db") };
}
