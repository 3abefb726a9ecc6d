/**
 * `npm run create-admin -- --email E --password P`: creates an administrator, or makes an
 * existing account one with this password. `npm run create-admin -- --setup-link`: prints a new
 * one-time link that creates the first administrator, replacing any unused one. On the embedded
 * database the site must be stopped (one process at a time); on PostgreSQL it may run.
 */
import { parseArgs } from "node:util";
import { createOrPromoteAdmin, issueSetupLink } from "#app/features/auth/admins.server.ts";
import { newCredentialsSchema } from "#app/features/auth/credentials.ts";
import { ConfigError, parseConfig } from "#server/config.ts";
import { databaseLocation, openDatabase } from "#server/db/client.ts";
import { LockedError } from "#server/db/lock-file.ts";
import { seedDefaults } from "#server/db/seed.ts";

// It may create the data folder, the database and the session secret: private, as the server makes them.
process.umask(0o077);

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

const usage = "Usage: npm run create-admin -- --email office@example.com --password 'a long password'\n   or: npm run create-admin -- --setup-link";
let options;
try {
  options = parseArgs({ options: { email: { type: "string" }, password: { type: "string" }, "setup-link": { type: "boolean" } } }).values;
} catch (error) {
  fail(`${(error as Error).message}\n${usage}`);
}
const { "setup-link": setupLink, ...given } = options;
if (setupLink && (given.email !== undefined || given.password !== undefined)) fail(`--setup-link takes no email or password.\n${usage}`);
const credentials = setupLink ? undefined : newCredentialsSchema.safeParse(given);
if (credentials && !credentials.success) fail(credentials.error.issues.map((issue) => issue.message).join("\n"));

let config;
try {
  config = parseConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}

let database;
try {
  database = await openDatabase(databaseLocation(config));
} catch (error) {
  if (error instanceof LockedError) fail(`${error.message}\nStop the site first: the embedded database takes one process at a time.`);
  throw error;
}
try {
  await seedDefaults(database.db);
  if (credentials) {
    const outcome = await database.db.transaction((tx) => createOrPromoteAdmin(tx, credentials.data));
    process.stdout.write(`${credentials.data.email} ${outcome === "created" ? "was created as" : "is now"} an administrator.\n`);
  } else {
    const link = await issueSetupLink(database.db, config.publicUrl, new Date(), { replace: true });
    process.stdout.write(
      link?.issued
        ? `Open this one-time link before ${link.expiresAt.toISOString()} to create the first administrator (any earlier link no longer works):\n${link.link}\n`
        : "An administrator exists already: no setup link is needed. Use --email and --password to make another.\n",
    );
  }
} finally {
  await database.close();
}
