import cluster, { type Worker } from "node:cluster";
import type { Logger } from "./logger.ts";

/** A process that stopped on its own is replaced after this pause, so a crash cannot spin the machine. */
const replaceAfterMs = 1_000;

/**
 * The primary of `WEB_CONCURRENCY` server processes (decision 21). Each process is a full instance
 * on the same PostgreSQL database (its own page cache, kept fresh by the content version, as with
 * instances on several machines), and Node's `cluster` hands each connection to one of them.
 *
 * - A process that stops after it has started listening is logged and replaced.
 * - A process that stops before it ever listened means the site cannot start (a port in use, an
 *   unreachable database): the others are stopped and the primary exits with code 1, as a single
 *   process would.
 * - SIGTERM and SIGINT are passed to every process; each drains its connections as it would alone,
 *   and the primary exits once all have stopped (0 when all stopped cleanly).
 */
export function superviseServerProcesses({ processes, logger }: { processes: number; logger: Logger }): void {
  const listening = new WeakSet<Worker>();
  let stopping = false;
  let failed = false;

  const stopAll = (signal: NodeJS.Signals) => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  cluster.on("listening", (worker) => listening.add(worker));
  cluster.on("exit", (worker, code, signal) => {
    const stoppedCleanly = code === 0 && signal === null;
    if (stopping || failed) {
      if (!stoppedCleanly) failed = true;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(failed ? 1 : 0);
      return;
    }
    if (!listening.has(worker)) {
      logger.fatal({ pid: worker.process.pid, code, signal }, "A server process stopped before it could serve; stopping the others");
      failed = true;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(1);
      stopAll("SIGTERM");
      return;
    }
    logger.error({ pid: worker.process.pid, code, signal }, "A server process stopped; starting another");
    setTimeout(() => {
      if (!stopping) cluster.fork();
    }, replaceAfterMs);
  });
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, processes: Object.keys(cluster.workers ?? {}).length }, "Shutting down the server processes");
    stopAll(signal);
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
  for (let started = 0; started < processes; started++) cluster.fork();
  logger.info({ processes }, "Started the server processes");
}
