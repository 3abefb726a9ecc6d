import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { migrationsFolder, openDatabase, type DatabaseHandle } from "#server/db/client.ts";

export interface TestDatabase extends DatabaseHandle {
  /** Closes the handle and removes everything it created. */
  dispose(): Promise<void>;
}

export interface TestBackend<Opened extends TestDatabase = TestDatabase> {
  name: "pglite" | "postgres";
  open(): Promise<Opened>;
}

/** A PostgreSQL test database also has its address, for other connections to it. */
export type PostgresTestDatabase = TestDatabase & { url: string };

const postgresUrl = process.env.TEST_DATABASE_URL;
if (process.env.CI && !postgresUrl) {
  throw new Error("CI must run the database tests on PostgreSQL too: set TEST_DATABASE_URL");
}

/** Creating a PGlite database costs seconds; copying a migrated one costs a fraction of that. */
let migratedTemplate: Promise<Blob> | undefined;
function pgliteTemplate(): Promise<Blob> {
  migratedTemplate ??= (async () => {
    const client = await PGlite.create();
    await migrate(drizzle({ client }), { migrationsFolder });
    const files = await client.dumpDataDir("none");
    await client.close();
    return files;
  })();
  return migratedTemplate;
}

export const pgliteBackend: TestBackend = {
  name: "pglite",
  async open() {
    const handle = await openDatabase({ kind: "pglite-memory", loadDataDir: await pgliteTemplate() });
    return { ...handle, dispose: () => handle.close() };
  },
};

/** Each test database is a new PostgreSQL database, dropped afterwards: tests never share rows. */
function postgres(adminUrl: string): TestBackend<PostgresTestDatabase> {
  const admin = async <T>(work: (client: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  return {
    name: "postgres",
    async open() {
      const name = `test_${randomBytes(6).toString("hex")}`;
      await admin((client) => client.query(`create database "${name}"`));
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const handle = await openDatabase({ kind: "postgres", url: url.toString() });
      return {
        ...handle,
        url: url.toString(),
        async dispose() {
          await handle.close();
          await admin((client) => client.query(`drop database if exists "${name}" with (force)`));
        },
      };
    },
  };
}

/** Set when TEST_DATABASE_URL names a server (CI gives one). */
export const postgresBackend = postgresUrl ? postgres(postgresUrl) : undefined;

/** PGlite always; PostgreSQL as well when TEST_DATABASE_URL names a server. */
export const testBackends: TestBackend[] = [pgliteBackend, ...(postgresBackend ? [postgresBackend] : [])];
