/**
 * The real parts the reliability suite runs: a PostgreSQL cluster of its own (Debian's server),
 * an S3-compatible server, an SMTP server, and instances of the built site. Loopback only.
 */
import { execFileSync, fork, spawn, type ChildProcess } from "node:child_process";
import { chownSync, closeSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import S3rver from "s3rver";
import type { WatchCommand, WatchReport } from "./watcher.ts";

const isRoot = process.getuid?.() === 0;

function postgresBin(program: string): string {
  const versions = readdirSync("/usr/lib/postgresql").sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  if (!newest) throw new Error("PostgreSQL server binaries not found under /usr/lib/postgresql (apt-get install postgresql)");
  return path.join("/usr/lib/postgresql", newest, "bin", program);
}

/** PostgreSQL refuses to run as root: as root, its commands run as the postgres user. */
function runAsPostgres(program: string, args: string[]): string {
  const [command, commandArgs] = isRoot ? ["runuser", ["-u", "postgres", "--", postgresBin(program), ...args]] : [postgresBin(program), args];
  return execFileSync(command, commandArgs, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

export interface PostgresCluster {
  url: string;
  /** The cluster's folder (data, socket, log). */
  directory: string;
  start(): void;
  /** A fast shutdown: connections are cut, as when a managed database fails over. */
  stop(): void;
}

/** A throw-away cluster in a new temporary folder, on `port`, trusting loopback connections. */
export async function startPostgresCluster(port: number): Promise<PostgresCluster> {
  // Its own top-level folder: the postgres user must be able to reach it.
  const directory = mkdtempSync(path.join(tmpdir(), "reliability-postgres-"));
  const dataDir = path.join(directory, "pgdata");
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (isRoot) {
    const { uid, gid } = postgresIds();
    chownSync(directory, uid, gid);
    chownSync(dataDir, uid, gid);
  }
  runAsPostgres("initdb", ["--pgdata", dataDir, "--username", "postgres", "--auth", "trust", "--no-sync"]);
  const logFile = path.join(directory, "postgres.log");
  const options = `-p ${port} -k ${directory} -c listen_addresses=127.0.0.1 -c max_connections=100`;
  const cluster: PostgresCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/reliability`,
    directory,
    start: () => void runAsPostgres("pg_ctl", ["--pgdata", dataDir, "--log", logFile, "--options", options, "--wait", "start"]),
    stop: () => void runAsPostgres("pg_ctl", ["--pgdata", dataDir, "--mode", "fast", "--wait", "stop"]),
  };
  cluster.start();
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query("create database reliability");
  await admin.end();
  return cluster;
}

function postgresIds(): { uid: number; gid: number } {
  const [, , uid, gid] = readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .find((line) => line.startsWith("postgres:"))
    ?.split(":") ?? [];
  if (uid === undefined || gid === undefined) throw new Error("No postgres user (apt-get install postgresql)");
  return { uid: Number(uid), gid: Number(gid) };
}

export const s3Bucket = "uploads";

export async function startS3Server(directory: string): Promise<{ endpoint: string; close(): Promise<void> }> {
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: s3Bucket, configs: [] }],
  });
  const { port } = await server.run();
  return { endpoint: `http://127.0.0.1:${port}`, close: () => server.close() };
}

export interface Instance {
  name: string;
  port: number;
  url: string;
  pid(): number;
  /** Resident memory of the server process, in bytes. */
  rss(): number;
  isRunning(): boolean;
  start(): Promise<void>;
  kill(signal: NodeJS.Signals): Promise<void>;
}

/** Resident memory of a process, in bytes; 0 once it has gone. */
export function residentBytes(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** One app instance: the built server, as `npm start` runs it after the build. */
export function createInstance(name: string, port: number, env: Record<string, string>, logDirectory: string): Instance {
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  const url = `http://127.0.0.1:${port}`;
  const instance: Instance = {
    name,
    port,
    url,
    pid: () => child?.pid ?? 0,
    rss: () => (instance.isRunning() ? residentBytes(instance.pid()) : 0),
    isRunning: () => child !== undefined && child.exitCode === null && child.signalCode === null,
    async start() {
      const log = openSync(path.join(logDirectory, `${name}.log`), "a");
      child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
        // MALLOC_ARENA_MAX as the container image sets it for production (docs/deploy.md).
        env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "production", MALLOC_ARENA_MAX: "2" },
        stdio: ["ignore", log, log],
      });
      closeSync(log);
      const current = child;
      exited = new Promise((resolve) => current.once("exit", () => resolve()));
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline) {
        if (!instance.isRunning()) throw new Error(`${name} exited while starting; see ${name}.log`);
        if (await fetch(`${url}/healthz`).then((response) => response.ok, () => false)) return;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`${name} did not answer /healthz within 60 s`);
    },
    async kill(signal) {
      if (!instance.isRunning()) return;
      child?.kill(signal);
      await exited;
    },
  };
  return instance;
}

export interface Watch {
  /** Names the attack under way: samples that begin from now on count for it. */
  attack(name: string): void;
  /** Ends the watch and answers every sample. */
  stop(): Promise<WatchReport>;
}

/** Starts watching `instance` from a process of its own (`watcher.ts`) during `attack`; resolves once it is measuring. */
export async function startWatch(instance: Instance, attack: string): Promise<Watch> {
  const child = fork(path.resolve("tests/reliability/watcher.ts"), [instance.url, String(instance.pid()), attack], { execArgv: ["--import", "tsx"] });
  const send = (command: WatchCommand) => child.send(command);
  const exited = new Promise<never>((_, reject) => child.once("exit", (code) => reject(new Error(`The watcher exited (${code}) before it reported`))));
  await Promise.race([new Promise((resolve) => child.once("message", resolve)), exited]);
  return {
    attack: (name) => send({ attack: name }),
    async stop() {
      const report = new Promise<WatchReport>((resolve) => child.once("message", (message: WatchReport) => resolve(message)));
      send({ stop: true });
      return Promise.race([report, exited]);
    },
  };
}
