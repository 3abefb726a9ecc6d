import cluster from "node:cluster";
import { createServer } from "node:http";
import sharp from "sharp";
import { issueSetupLink } from "#app/features/auth/admins.server.ts";
import { applyRetention } from "#app/features/inbox/retention.server.ts";
import { maxPhotoPixels } from "#app/features/service-request/intake.server.ts";
import { createApp } from "./app.ts";
import { countCacheHits } from "./cache-hits.ts";
import { ConfigError, parseConfig, type Config } from "./config.ts";
import { databaseLocation, openDatabase } from "./db/client.ts";
import { LockedError } from "./db/lock-file.ts";
import { createHeicPreviewMaker } from "./heic-previews.ts";
import { seedDefaults } from "./db/seed.ts";
import { createLogger } from "./logger.ts";
import { createMailer, outboxFolder } from "./mail.ts";
import { runAlertChecks } from "#app/features/alerts/escalation.server.ts";
import { startLiveHub } from "./live-events.ts";
import { startOutboxWorker } from "./outbox.ts";
import { createPushSender } from "./push.ts";
import { pruneExpired } from "./prune.ts";
import { createStorage } from "./storage.ts";
import { superviseServerProcesses } from "./server-processes.ts";
import { createWebhookSender } from "./webhook.ts";

const drainTimeoutMs = 10_000;
const alertCheckIntervalMs = 30_000;

function configOrExit(): Config {
  try {
    return parseConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

async function main(config: Config) {
  const logger = createLogger(config);

  let database;
  try {
    database = await openDatabase(databaseLocation(config), logger);
  } catch (error) {
    if (error instanceof LockedError) {
      logger.fatal(error.message);
      process.exit(1);
    }
    // Postgres hides the real reason of a failed migration in `cause`.
    logger.fatal({ err: error, cause: (error as Error).cause }, "Could not open the database");
    process.exit(1);
  }
  if (await seedDefaults(database.db)) logger.info("Seeded the default site content");
  const setupLink = await issueSetupLink(database.db, config.publicUrl);
  if (setupLink?.issued) {
    logger.warn(`No administrator yet. Open this one-time link within 24 hours to create the first one: ${setupLink.link}`);
  } else if (setupLink) {
    logger.warn(
      `No administrator yet. A one-time setup link was logged when it was made, by this or another instance; it works until ` +
        `${setupLink.expiresAt.toISOString()}. To replace it, run \`npm run create-admin -- --setup-link\`; or create the ` +
        "administrator with `npm run create-admin -- --email you@example.com --password '…'`.",
    );
  }

  const storage = createStorage(config.storage);
  // One libvips thread per image, as sharp chooses on glibc unless MALLOC_ARENA_MAX is set (which
  // production sets, docs/deploy.md): a preview being made leaves the other core to the event loop.
  sharp.concurrency(1);
  const heicPreviews = createHeicPreviewMaker({ maxPixels: maxPhotoPixels });
  const mailer = createMailer({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, from: config.mailFrom }, logger);
  if (!config.smtpUrl && config.mode === "production") {
    logger.warn(
      { folder: outboxFolder(config.dataDir) },
      "No SMTP_URL: emails are only saved as files in this folder and nobody receives them (new staff cannot confirm their address). Set SMTP_URL to send them.",
    );
  }
  const outbox = startOutboxWorker({
    db: database.db,
    mailer,
    logger,
    webhook: config.webhook ? createWebhookSender(config.webhook) : undefined,
    push: config.vapid && createPushSender(config.vapid),
  });
  if (!config.vapid) {
    logger.warn(
      "No VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: push alerts to staff devices are off. Make a pair with `npx web-push generate-vapid-keys` and give every instance the same.",
    );
  }
  const liveHub = await startLiveHub({ database, logger });

  // Urgent requests nobody took, and call-back promises passed: every instance looks, the database lets one alert.
  const checkAlerts = () =>
    runAlertChecks(database.db, { publicUrl: config.publicUrl, logger })
      .then((result) => {
        if (result.escalated + result.callbackAlerts === 0) return;
        logger.info(result, "Timed alerts queued");
        outbox.poke();
      })
      .catch((error: unknown) => logger.error({ err: error }, "Checking for timed alerts failed"));
  const alertTimer = setInterval(checkAlerts, alertCheckIntervalMs);
  alertTimer.unref();

  // Retention and pruning run once a day on every instance: they are idempotent, so instances may overlap.
  const runRetention = () =>
    applyRetention(database.db, storage)
      .then((result) => logger.info(result, "Retention applied"))
      .catch((error: unknown) => logger.error({ err: error }, "Retention failed"))
      .then(() => pruneExpired(database.db, { keepSentDays: config.outboxKeepSentDays }))
      .then((result) => logger.info(result, "Expired rows pruned"))
      .catch((error: unknown) => logger.error({ err: error }, "Pruning failed"));
  const retentionTimers = [setTimeout(runRetention, 60_000), setInterval(runRetention, 24 * 60 * 60 * 1000)];
  for (const timer of retentionTimers) timer.unref();

  const viteDevServer =
    config.mode === "development"
      ? await import("vite").then((vite) => vite.createServer({ server: { middlewareMode: true } }))
      : undefined;

  let shuttingDown = false;
  let outboxRunning = true;
  const cacheHits = countCacheHits(logger);
  const app = createApp({
    config,
    logger,
    cacheHits,
    database,
    storage,
    heicPreviews,
    notifyOutbox: () => outbox.poke(),
    liveHub,
    outboxRunning: () => outboxRunning,
    checkMail: () => mailer.check(),
    viteDevServer,
    isShuttingDown: () => shuttingDown,
  });
  const server = createServer(app);
  server.on("error", (error: NodeJS.ErrnoException) => {
    logger.fatal({ err: error }, error.code === "EADDRINUSE" ? `Port ${config.port} is already in use` : "Server error");
    void database.close().finally(() => process.exit(1));
  });
  server.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    logger.info({ port, database: database.kind, url: config.publicUrl }, "Server listening");
  });

  // Stop accepting, let requests in flight finish, then close the database.
  const shutdown = (signal: NodeJS.Signals) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, "Shutting down");
    setTimeout(() => server.closeAllConnections(), drainTimeoutMs).unref();
    for (const timer of [...retentionTimers, alertTimer]) clearTimeout(timer);
    // Ends the admin pages' live streams, which would otherwise hold the server open.
    void liveHub.stop();
    server.close(async () => {
      cacheHits.stop();
      await viteDevServer?.close();
      outboxRunning = false;
      await outbox.stop();
      await heicPreviews.close();
      mailer.close();
      await database.close();
      logger.info("Stopped");
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}

// Everything the site writes (the database and its WAL, uploads, outbox emails, the session
// secret) holds personal data or secrets: files 0600 and folders 0700, for our own user only.
process.umask(0o077);
// Read, and its secrets made in DATA_DIR, before any process is started: they all read the same.
const config = configOrExit();
if (config.processes > 1 && cluster.isPrimary) superviseServerProcesses({ processes: config.processes, logger: createLogger(config) });
else await main(config);
