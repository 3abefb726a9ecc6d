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
import type { ConnectionOptions } from "node:tls";
import pg from "pg";
import { privateFolderMode, restrictToOwner } from "../private-files.ts";
import type { Config, DatabaseSsl } from "../config.ts";
import type { Logger } from "../logger.ts";
import { acquireLockFile } from "./lock-file.ts";
import * as schema from "./schema.ts";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * Calls `onNotify` for every NOTIFY on `channel`, delivered when the notifying transaction
   * commits; on PostgreSQL over one connection of its own, opened again after a loss (`onNotify`
   * is then called once, as what was said meanwhile is lost). Resolves with the way to stop.
   */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  /**
   * The embedded database only: its files as a tar archive, read between two queries, so the
   * copy is what a sudden stop would have left (PostgreSQL's own recovery makes it whole on start).
   */
  dumpFiles?: () => Promise<Blob>;
}

export type DatabaseLocation =
  /** Unset `ssl` and `statementTimeoutMs`: no TLS, no limit (the configuration always sets both). */
  | { kind: "postgres"; url: string; ssl?: DatabaseSsl; statementTimeoutMs?: number }
  | { kind: "pglite"; dataDir: string }
  /** In memory, optionally started from a copy of another database's files (tests clone a migrated one). */
  | { kind: "pglite-memory"; loadDataDir?: Blob };

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");
/** Any fixed number: instances starting together queue on it instead of racing through migrations. */
const migrationLockKey = 4_227_001;

/**
 * Opens the database and brings its schema up to date before anyone can use it. The logger hears
 * of PostgreSQL connections lost (a restart, a failover); without one (tests, one-off commands) they pass unsaid.
 */
export async function openDatabase(location: DatabaseLocation, logger?: Pick<Logger, "warn">): Promise<DatabaseHandle> {
  return location.kind === "postgres" ? openPostgres(location, logger) : openPglite(location);
}

/** `pg`'s TLS options for a DATABASE_SSL setting. */
export function postgresTls(ssl: DatabaseSsl): false | ConnectionOptions {
  switch (ssl.mode) {
    case "off":
      return false;
    case "require":
      return ssl.ca === undefined ? { rejectUnauthorized: true } : { rejectUnauthorized: true, ca: ssl.ca };
    case "verify-ca":
      return { rejectUnauthorized: true, ca: ssl.ca, checkServerIdentity: () => undefined };
    case "no-verify":
      return { rejectUnauthorized: false };
  }
}

async function openPostgres(location: Extract<DatabaseLocation, { kind: "postgres" }>, logger?: Pick<Logger, "warn">): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: location.url,
    // Always given, so PGSSLMODE in the environment cannot change it behind the configuration's back.
    ssl: postgresTls(location.ssl ?? { mode: "off" }),
    // Sent when each connection starts: every statement, pooled or not, is bounded from the first.
    statement_timeout: location.statementTimeoutMs ?? 0,
    max: 10,
    connectionTimeoutMillis: 5_000,
  });
  // A client losing its connection (database restart, failover) must not crash the process. Its
  // own listener hears it whether idle or checked out (its query fails too); the pool's repeats
  // it for idle clients, so it is logged from the client's only.
  pool.on("error", () => {});
  pool.on("connect", (client) =>
    client.on("error", (error) => logger?.warn({ err: error }, "A PostgreSQL connection was lost; the pool opens another when needed")),
  );
  const migrationClient = await pool.connect();
  try {
    // Waiting for another instance's migrations, or running a long one, is no runaway statement.
    await migrationClient.query("set statement_timeout = 0");
    await migrationClient.query("select pg_advisory_lock($1)", [migrationLockKey]);
    await migrateNodePostgres(drizzleNodePostgres({ client: migrationClient }), { migrationsFolder });
  } finally {
    await migrationClient.query("select pg_advisory_unlock($1)", [migrationLockKey]).catch(() => {});
    // Back to the limit the connection started with, before the pool lends it to anyone else.
    await migrationClient.query("reset statement_timeout").catch(() => {});
    migrationClient.release();
  }
  const db = drizzleNodePostgres({ client: pool, schema });
  return {
    db,
    kind: "postgres",
    listen: (channel, onNotify) => listenOnPostgres(location, channel, onNotify, logger),
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
      listen: (channel, onNotify) => client.listen(channel, onNotify),
      ping: async () => {
        if (client.closed) throw new Error("The embedded database is closed");
        await client.query("select 1");
      },
      // Uncompressed: PGlite holds every query while it reads the files, so it must be quick.
      dumpFiles: () => client.dumpDataDir("none"),
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

const relistenDelayMs = 1_000;

/** LISTEN on a connection outside the pool: a pooled one would be lent to queries and lose it. */
async function listenOnPostgres(
  location: Extract<DatabaseLocation, { kind: "postgres" }>,
  channel: string,
  onNotify: () => void,
  logger?: Pick<Logger, "warn">,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const next = new pg.Client({ connectionString: location.url, ssl: postgresTls(location.ssl ?? { mode: "off" }), connectionTimeoutMillis: 5_000 });
    next.on("notification", (message) => {
      if (message.channel === channel) onNotify();
    });
    next.on("error", (error) => {
      if (stopped) return;
      logger?.warn({ err: error }, "The PostgreSQL connection listening for live updates was lost; listening again");
      void next.end().catch(() => {});
      reconnectSoon();
    });
    await next.connect();
    await next.query(`listen "${channel.replace(/"/g, '""')}"`);
    client = next;
  };
  const reconnectSoon = () => {
    clearTimeout(retry);
    retry = setTimeout(() => {
      if (stopped) return;
      connect()
        // What was announced while no connection listened is lost: the listener is told to look.
        .then(onNotify)
        .catch(() => reconnectSoon());
    }, relistenDelayMs);
    retry.unref();
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}

export function databaseLocation(
  config: Pick<Config, "databaseUrl" | "databaseSsl" | "databaseStatementTimeoutMs" | "dataDir">,
): DatabaseLocation {
  return config.databaseUrl
    ? { kind: "postgres", url: config.databaseUrl, ssl: config.databaseSsl, statementTimeoutMs: config.databaseStatementTimeoutMs }
    : { kind: "pglite", dataDir: path.join(config.dataDir, "db") };
}
