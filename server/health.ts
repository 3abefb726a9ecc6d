import type { DatabaseHandle } from "./db/client.ts";
import type { Logger } from "./logger.ts";
import type { ObjectStorage } from "./storage.ts";

const checkTimeoutMs = 2_000;

export interface Readiness {
  status: 200 | 503;
  database: "up" | "down";
  storage: "up" | "down";
  outbox: "running" | "stopped";
  /** What keeps the instance from being ready, e.g. `["database"]`; empty when ready. */
  down: string[];
}

export interface ReadinessDependencies {
  database: Pick<DatabaseHandle, "ping">;
  storage: Pick<ObjectStorage, "check">;
  outboxRunning: () => boolean;
  logger: Logger;
}

/**
 * Readiness, as a load balancer or an orchestrator asks for it: may this instance take traffic?
 * A database outage makes it unready, never dead (liveness has no dependencies). It is logged
 * once when it begins or changes (a warning) and once when it ends, never once per probe.
 */
export function createReadinessCheck({ database, storage, outboxRunning, logger }: ReadinessDependencies): () => Promise<Readiness> {
  const databaseUp = oneAtATime(() => database.ping());
  const storageUp = oneAtATime(() => storage.check());
  let lastDown = "";
  return async () => {
    const [databaseAnswers, storageAnswers] = await Promise.all([databaseUp(), storageUp()]);
    const outbox = outboxRunning();
    const down = [...(databaseAnswers ? [] : ["database"]), ...(storageAnswers ? [] : ["storage"]), ...(outbox ? [] : ["outbox"])];
    if (down.join() !== lastDown) {
      if (down.length > 0) logger.warn({ down }, `Not ready: ${down.join(", ")} down`);
      else logger.info("Ready again");
      lastDown = down.join();
    }
    return {
      status: down.length === 0 ? 200 : 503,
      database: databaseAnswers ? "up" : "down",
      storage: storageAnswers ? "up" : "down",
      outbox: outbox ? "running" : "stopped",
      down,
    };
  };
}

/** What the dashboard's status card reads: readiness, and whether the mail server answers (or none is set up). */
export interface SiteHealth extends Readiness {
  mail: "up" | "down" | "not-configured";
}

/** A mail server is asked at most this often: the dashboard may be opened often, a login costs it a connection. */
const mailCheckIntervalMs = 60_000;

/**
 * The staff's view of the site's health: readiness as the load balancer sees it, plus the mail
 * server (never part of readiness: an instance without mail still serves pages and takes requests).
 */
export function createSiteHealthCheck({
  readiness,
  checkMail,
  mailConfigured,
  now = () => Date.now(),
}: {
  readiness: () => Promise<Readiness>;
  checkMail: () => Promise<void>;
  mailConfigured: boolean;
  now?: () => number;
}): () => Promise<SiteHealth> {
  const mailUp = oneAtATime(checkMail);
  let lastMail: { at: number; up: boolean } | undefined;
  const mail = async (): Promise<SiteHealth["mail"]> => {
    if (!mailConfigured) return "not-configured";
    if (!lastMail || now() - lastMail.at >= mailCheckIntervalMs || !lastMail.up) lastMail = { at: now(), up: await mailUp() };
    return lastMail.up ? "up" : "down";
  };
  return async () => {
    const [ready, mailState] = await Promise.all([readiness(), mail()]);
    return { ...ready, mail: mailState };
  };
}

/**
 * Whether `check` succeeds within the timeout. Probes arriving while one check is in flight share
 * its answer, so a hanging database never collects a pile of pending pings.
 */
function oneAtATime(check: () => Promise<void>): () => Promise<boolean> {
  let running: Promise<boolean> | undefined;
  return () => {
    running ??= answersInTime(check).finally(() => {
      running = undefined;
    });
    return running;
  };
}

async function answersInTime(check: () => Promise<void>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), checkTimeoutMs);
  });
  try {
    return await Promise.race([check().then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
