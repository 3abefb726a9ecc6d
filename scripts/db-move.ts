/**
 * `npm run db:move -- --to postgres://… [--s3]`: moves a stopped site from the embedded defaults
 * (PGlite and the uploads folder under DATA_DIR) to PostgreSQL, and with --s3 its uploads to the
 * bucket the S3_* settings name (decision 12). The embedded database is left as it was.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { count, getTableName, is, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import pg from "pg";
import { ConfigError, parseConfig, type Config } from "#server/config.ts";
import { databaseLocation, openDatabase, postgresTls, type Database, type DatabaseHandle } from "#server/db/client.ts";
import { LockedError } from "#server/db/lock-file.ts";
import * as schema from "#server/db/schema.ts";
import { copyObjects, createFolderStorage, createStorage, folderStorageKeys } from "#server/storage.ts";

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

const usage = "Usage: npm run db:move -- --to postgres://user:password@db.example.internal:5432/restoration [--s3]";
let to: string;
let toS3: boolean;
try {
  const { values } = parseArgs({ options: { to: { type: "string" }, s3: { type: "boolean", default: false } } });
  if (!values.to) fail(`--to is required.\n${usage}`);
  to = values.to;
  toS3 = values.s3;
} catch (error) {
  fail(`${(error as Error).message}\n${usage}`);
}

function configFrom(environment: Record<string, string | undefined>): Config {
  try {
    return parseConfig(environment);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message.replaceAll("DATABASE_URL", "--to"));
    throw error;
  }
}

// The site as it runs today, whatever production settings are already in the environment.
const embedded = configFrom(Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(DATABASE|S3)_/.test(name))));
// Where it goes: the same settings, checked by the same rules, with --to as its database.
const target = configFrom({ ...process.env, DATABASE_URL: to, SESSION_SECRET: embedded.sessionSecret });
const source = databaseLocation(embedded);
const uploadsFolder = embedded.storage.driver === "folder" ? embedded.storage.directory : fail("The embedded site keeps no uploads folder");
if (source.kind !== "pglite" || !existsSync(path.join(source.dataDir, "PG_VERSION"))) {
  fail(`There is no embedded database in ${path.join(embedded.dataDir, "db")} to move: is DATA_DIR right?`);
}
if (toS3 && target.storage.driver !== "s3") fail("--s3 needs S3_BUCKET (and the other S3_* settings the site will use) in the environment.");

/** Our tables, each after the tables its foreign keys point to. */
function tablesInDependencyOrder(): PgTable[] {
  const tables = Object.values(schema as Record<string, unknown>).filter((value): value is PgTable => is(value, PgTable));
  const ordered: PgTable[] = [];
  const visit = (table: PgTable) => {
    if (ordered.includes(table)) return;
    for (const foreignKey of getTableConfig(table).foreignKeys) {
      const referenced = foreignKey.reference().foreignTable;
      if (referenced !== table) visit(referenced);
    }
    ordered.push(table);
  };
  tables.forEach(visit);
  return ordered;
}
const tables = tablesInDependencyOrder();
const tableNames = new Set(tables.map((table) => getTableName(table)));

/** Refuses a target holding anything: the move never merges into, or overwrites, another site. */
async function assertNoForeignTables(): Promise<void> {
  const client = new pg.Client({ connectionString: to, ssl: postgresTls(target.databaseSsl) });
  try {
    await client.connect();
    const { rows } = await client.query<{ name: string }>("select table_name as name from information_schema.tables where table_schema = 'public'");
    const foreign = rows.map((row) => row.name).filter((name) => !tableNames.has(name));
    if (foreign.length > 0) fail(`The target database is not empty (it has the tables ${foreign.join(", ")}): give an empty one.`);
  } catch (error) {
    fail(`Could not reach the target database: ${(error as Error).message}`);
  } finally {
    await client.end().catch(() => {});
  }
}

const rowsOf = async (db: Pick<Database, "select">, table: PgTable) => (await db.select({ rows: count() }).from(table))[0]?.rows ?? 0;
/** Single-row tables: the migrations put some rows there themselves, and the copy replaces them. */
const isSingleRow = (table: PgTable) => getTableConfig(table).checks.some((check) => check.name.endsWith("_single_row"));

/** Any site that ever started has rows beyond the single-row tables (at least its seeded content). */
async function assertEmpty(db: Database): Promise<void> {
  for (const table of tables.filter((table) => !isSingleRow(table))) {
    if ((await rowsOf(db, table)) > 0) fail(`The target database already holds a site (${getTableName(table)} has rows): give an empty one.`);
  }
}

/** Every row of every table, in one transaction on the target: all of it arrives, or none. */
async function copyRows(from: Database, into: Database): Promise<Map<string, number>> {
  const copied = new Map<string, number>();
  await into.transaction(async (tx) => {
    for (const table of tables.filter(isSingleRow)) await tx.delete(table);
    for (const table of tables) {
      const { columns } = getTableConfig(table);
      const key = columns.find((column) => column.primary);
      if (!key) throw new Error(`${getTableName(table)} has no primary key to page by`);
      // Well under PostgreSQL's 65,535 parameters per statement.
      const batch = Math.floor(20_000 / columns.length);
      let total = 0;
      for (;;) {
        const rows = await from.select().from(table).orderBy(key).limit(batch).offset(total);
        if (rows.length === 0) break;
        await tx.insert(table).values(rows);
        total += rows.length;
      }
      if ((await rowsOf(tx, table)) !== total) throw new Error(`${getTableName(table)}: the copy does not hold every row`);
      // Copied ids were given, not drawn: the sequence must start after them, or the next insert collides.
      for (const column of columns.filter((column) => /serial/.test(column.getSQLType()))) {
        await tx.execute(
          sql`select setval(pg_get_serial_sequence(${getTableName(table)}, ${column.name}), greatest((select max(${sql.identifier(column.name)}) from ${table}), 1))`,
        );
      }
      copied.set(getTableName(table), total);
    }
  });
  return copied;
}

let embeddedDatabase: DatabaseHandle;
try {
  embeddedDatabase = await openDatabase(source);
} catch (error) {
  if (error instanceof LockedError) {
    fail(`${error.message}\nStop the site first: a request sent during the move would stay behind in the embedded database.`);
  }
  throw error;
}
try {
  await assertNoForeignTables();
  const postgres = await openDatabase(databaseLocation(target));
  try {
    await assertEmpty(postgres.db);
    // Uploads before rows: should the rows fail, the move can run again (objects are put again,
    // identical); should uploads fail after the rows, the target would hold a site and refuse.
    let uploads = `Uploads stay in ${uploadsFolder}: that folder serves one machine only.`;
    if (toS3 && target.storage.driver === "s3") {
      const bucket = createStorage(target.storage);
      await bucket.check();
      const keys = await folderStorageKeys(uploadsFolder);
      await copyObjects(createFolderStorage(uploadsFolder), bucket, keys);
      uploads = `${keys.length} uploaded files copied to the bucket ${target.storage.bucket}.`;
    }
    const copied = await copyRows(embeddedDatabase.db, postgres.db);
    const rows = [...copied].filter(([, total]) => total > 0).map(([name, total]) => `${name} ${total}`);
    process.stdout.write(
      `Moved the embedded database to PostgreSQL: ${rows.join(", ")}.\n${uploads}\n` +
        "Now run the site with DATABASE_URL set to the target" +
        (toS3 ? ", the same S3_* settings," : "") +
        " and SESSION_SECRET set to the contents of " +
        `${path.join(embedded.dataDir, "session-secret")} (a new one signs staff out). The embedded database is left as it was.\n`,
    );
  } finally {
    await postgres.close();
  }
} finally {
  await embeddedDatabase.close();
}
