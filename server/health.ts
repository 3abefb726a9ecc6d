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
