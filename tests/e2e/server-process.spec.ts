import { execFile, execFileSync, spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { request as httpRequest, Agent } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { issueFormStart } from "#app/features/service-request/form-start.server.ts";
import { openDatabase } from "#server/db/client.ts";
import { serviceRequestPhotos, serviceRequests } from "#server/db/schema.ts";
import { jpegBytes } from "../support/files.ts";
import { expect, test } from "./support.ts";

/** Ports of their own, beside the shared e2e server's (the lead-integrity spec's site takes firstPort + 2). */
const firstPort = Number(process.env.E2E_PORT ?? 3210) + 80;

/** The server as `npm start` runs it, on a data folder of its own; `output` is what it has printed so far. */
function startServer(dataDir: string, port: number) {
  const server = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, NODE_ENV: "production", LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const instance = { server, output: "", exited: new Promise<number | null>((resolve) => server.on("exit", resolve)) };
  server.stdout.on("data", (chunk) => (instance.output += chunk));
  server.stderr.on("data", (chunk) => (instance.output += chunk));
  return instance;
}

test.describe("a fresh server", () => {
  test("prints the one-time setup link; SIGTERM drains open connections, closes the database and exits cleanly", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "shutdown-test-"));
    const port = firstPort;
    const instance = startServer(dataDir, port);
    const { server, exited } = instance;
    try {
      await expect.poll(() => instance.output, { timeout: 30_000 }).toContain("Server listening");
      expect(existsSync(path.join(dataDir, "db.lock"))).toBe(true);
      // No SMTP_URL in production: said once, as a warning.
      const mailWarnings = instance.output.split("\n").filter((line) => line.includes("No SMTP_URL"));
      expect(mailWarnings).toHaveLength(1);
      expect(JSON.parse(mailWarnings[0] ?? "{}")).toMatchObject({ level: 40, folder: path.join(dataDir, "outbox") });
      const setupPath = instance.output.match(/No administrator yet\..*?https?:\/\/[^/\s]+(\/auth\/setup\?token=[\w-]+)/)?.[1];
      expect(setupPath).toBeDefined();
      const setupPage = await fetch(`http://127.0.0.1:${port}${setupPath}`);
      expect(setupPage.status).toBe(200);
      expect(await setupPage.text()).toContain("Create the first administrator");

      // A keep-alive connection left open must not hold the shutdown up.
      const agent = new Agent({ keepAlive: true });
      const status = await new Promise<number | undefined>((resolve, reject) => {
        httpRequest({ host: "127.0.0.1", port, path: "/", agent }, (response) => {
          response.resume();
          response.on("end", () => resolve(response.statusCode));
        })
          .on("error", reject)
          .end();
      });
      expect(status).toBe(200);

      const started = Date.now();
      server.kill("SIGTERM");
      expect(await exited).toBe(0);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(instance.output).toContain("Stopped");
      expect(existsSync(path.join(dataDir, "db.lock"))).toBe(false);
      agent.destroy();
    } finally {
      server.kill("SIGKILL");
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test("counts the pages it sends from its cache, and logs every render, refusal and missing page on its own line", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "cache-hit-log-test-"));
    const port = firstPort + 4;
    const base = `http://127.0.0.1:${port}`;
    const instance = startServer(dataDir, port);
    try {
      await expect.poll(() => instance.output, { timeout: 30_000 }).toContain("Server listening");
      const homeRequests = 20;
      for (let round = 0; round < homeRequests; round++) expect((await fetch(`${base}/?r=${round}`)).status).toBe(200);
      expect((await fetch(`${base}/no-such-page`)).status).toBe(404);
      const refused = await fetch(`${base}/`, { method: "POST", headers: { Origin: "https://elsewhere.example", "X-Request-Id": "refused-1" } });
      expect(refused.status).toBe(403);
      instance.server.kill("SIGTERM");
      expect(await instance.exited).toBe(0);

      const lines = instance.output
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as { level: number; msg: string; req?: { id: string; path: string }; res?: { status: number }; hits?: Record<string, number> });
      const completed = (path: string) => lines.filter((line) => line.msg === "request completed" && line.req?.path === path);
      const counted = lines.filter((line) => line.msg === "cached pages served").reduce((sum, line) => sum + (line.hits?.["/"] ?? 0), 0);
      // The render has its line; hits answered before any middleware are counted; none is missing.
      expect(completed("/").length).toBeGreaterThanOrEqual(1);
      expect(counted).toBeGreaterThan(0);
      expect(completed("/").filter((line) => line.res?.status === 200).length + counted).toBe(homeRequests);
      expect(completed("/no-such-page")).toEqual([expect.objectContaining({ level: 40, res: { status: 404 } })]);
      expect(completed("/").filter((line) => line.res?.status === 403)).toEqual([expect.objectContaining({ level: 40, req: expect.objectContaining({ id: "refused-1" }) })]);
    } finally {
      instance.server.kill("SIGKILL");
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test("keeps what it writes to its own user: the data folder, the database and an outbox email", async () => {
    const parent = mkdtempSync(path.join(tmpdir(), "private-data-test-"));
    const dataDir = path.join(parent, "data");
    const instance = startServer(dataDir, firstPort + 1);
    try {
      await expect.poll(() => instance.output, { timeout: 30_000 }).toContain("Server listening");
      const signUp = await fetch(`http://127.0.0.1:${firstPort + 1}/auth?index`, {
        method: "POST",
        body: new URLSearchParams({ intent: "sign-up", email: "new.staff@example.com", password: "a long pass phrase" }),
      });
      expect(signUp.status).toBe(200);
      const outbox = path.join(dataDir, "outbox");
      await expect.poll(() => (existsSync(outbox) ? readdirSync(outbox).filter((name) => name.endsWith(".eml")).length : 0)).toBe(1);

      const modeOf = (file: string) => statSync(file).mode & 0o777;
      const openToOthers = [dataDir, ...readdirSync(dataDir, { recursive: true, encoding: "utf8" }).map((name) => path.join(dataDir, name))]
        .filter((file) => (modeOf(file) & 0o077) !== 0)
        .map((file) => `${path.relative(dataDir, file) || "."} ${modeOf(file).toString(8)}`);
      expect(openToOthers).toEqual([]);
      expect(modeOf(dataDir)).toBe(0o700);
    } finally {
      instance.server.kill("SIGTERM");
      await instance.exited;
      rmSync(parent, { recursive: true, force: true });
    }
  });

  test("npm start hands SIGTERM to the server, which drains and stops; npm exits 0", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "npm-start-test-"));
    const port = firstPort + 3;
    // What a container or a process manager runs, and signals.
    const npm = spawn("npm", ["start"], {
      env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, NODE_ENV: "production", LOG_LEVEL: "info" },
      stdio: ["ignore", "pipe", "pipe"],
      // Its own process group, so a failed test can stop whatever npm left behind.
      detached: true,
    });
    let output = "";
    npm.stdout.on("data", (chunk) => (output += chunk));
    npm.stderr.on("data", (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => npm.on("exit", resolve));
    try {
      await expect.poll(() => output, { timeout: 30_000 }).toContain("Server listening");
      expect((await fetch(`http://127.0.0.1:${port}/livez`)).status).toBe(200);
      npm.kill("SIGTERM");
      expect(await exited).toBe(0);
      expect(output).toContain('"signal":"SIGTERM"');
      expect(output).toContain("Stopped");
      expect(existsSync(path.join(dataDir, "db.lock"))).toBe(false);
    } finally {
      try {
        process.kill(-(npm.pid ?? 0), "SIGKILL");
      } catch {
        // The group is gone: npm and the server have exited.
      }
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

const postgresUrl = process.env.TEST_DATABASE_URL;
if (process.env.CI && !postgresUrl) throw new Error("CI must run the PostgreSQL tests too: set TEST_DATABASE_URL");

/** A fresh database on the test server, for processes started by a test; `drop` removes it, connections and all. */
async function scratchDatabase(serverUrl: string, prefix: string) {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

// Defined only where a PostgreSQL server is given, as the database tests' backends are (CI always gives one).
for (const databaseUrl of postgresUrl ? [postgresUrl] : []) test.describe("three instances started together on an empty PostgreSQL database", () => {
  test("only the one that made the setup link prints it; the others say one exists and how to replace it", async () => {
    const database = await scratchDatabase(databaseUrl, "setup");
    const dataDir = mkdtempSync(path.join(tmpdir(), "setup-link-test-"));
    const instances: { process: ChildProcessWithoutNullStreams; output: string }[] = [];
    try {
      for (const port of [firstPort + 5, firstPort + 6, firstPort + 7]) {
        const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
          env: {
            ...process.env,
            PORT: String(port),
            HOST: "127.0.0.1",
            DATA_DIR: path.join(dataDir, String(port)),
            DATABASE_URL: database.url,
            SESSION_SECRET: "three-instances-share-this-secret-of-40-chars",
            NODE_ENV: "production",
            LOG_LEVEL: "info",
          },
        });
        const instance = { process: child, output: "" };
        child.stdout.on("data", (chunk) => (instance.output += chunk));
        child.stderr.on("data", (chunk) => (instance.output += chunk));
        instances.push(instance);
      }
      await expect.poll(() => instances.filter((instance) => instance.output.includes("Server listening")).length, { timeout: 60_000 }).toBe(3);
      const printed = instances.filter((instance) => /\/auth\/setup\?token=/.test(instance.output));
      expect(printed).toHaveLength(1);
      const others = instances.filter((instance) => !printed.includes(instance));
      for (const other of others) {
        expect(other.output).toMatch(/A one-time setup link was logged when it was made, by this or another instance; it works until \d{4}-\d\d-\d\dT/);
        expect(other.output).toContain("npm run create-admin -- --setup-link");
      }
      const exits = instances.map((instance) => new Promise((resolve) => instance.process.on("exit", resolve)));
      for (const instance of instances) instance.process.kill("SIGTERM");
      expect(await Promise.all(exits)).toEqual([0, 0, 0]);
    } finally {
      for (const instance of instances) instance.process.kill("SIGKILL");
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

for (const databaseUrl of postgresUrl ? [postgresUrl] : []) test.describe("WEB_CONCURRENCY=2 on PostgreSQL", () => {
  test("two processes serve the port; one that dies is replaced; SIGTERM stops them all and the primary exits cleanly", async () => {
    test.setTimeout(120_000);
    const database = await scratchDatabase(databaseUrl, "processes");
    const dataDir = mkdtempSync(path.join(tmpdir(), "processes-test-"));
    const port = firstPort + 9;
    const primary = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        SESSION_SECRET: "two-processes-share-this-secret-of-40-chars",
        NODE_ENV: "production",
        LOG_LEVEL: "info",
        WEB_CONCURRENCY: "2",
      },
    });
    let output = "";
    primary.stdout.on("data", (chunk) => (output += chunk));
    primary.stderr.on("data", (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => primary.on("exit", resolve));
    const listeningPids = () =>
      output
        .split("\n")
        .filter((line) => line.includes('"Server listening"'))
        .map((line) => (JSON.parse(line) as { pid: number }).pid);
    const isRunning = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    try {
      await expect.poll(() => listeningPids().length, { timeout: 60_000 }).toBe(2);
      const [first, second] = listeningPids();
      expect(first).not.toBe(primary.pid);
      expect(second).not.toBe(first);
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);

      process.kill(first ?? 0, "SIGKILL");
      await expect.poll(() => listeningPids().length, { timeout: 60_000 }).toBe(3);
      expect(output).toContain("A server process stopped; starting another");
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);

      const running = listeningPids().filter(isRunning);
      expect(running).toHaveLength(2);
      primary.kill("SIGTERM");
      expect(await exited).toBe(0);
      expect(running.filter(isRunning)).toEqual([]);
      expect(output.split("\n").filter((line) => line.includes('"Stopped"'))).toHaveLength(2);
    } finally {
      primary.kill("SIGKILL");
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

test.describe("WEB_CONCURRENCY=2 where the site cannot start", () => {
  test("the primary stops the other process and exits with 1, as one process would", async () => {
    const port = firstPort + 10;
    const dataDir = mkdtempSync(path.join(tmpdir(), "processes-fail-test-"));
    // Refused by the configuration on the embedded database; on a database that does not exist, by the processes themselves.
    const refused = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
      env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, NODE_ENV: "production", WEB_CONCURRENCY: "2" },
    });
    let refusal = "";
    refused.stderr.on("data", (chunk) => (refusal += chunk));
    try {
      expect(await new Promise((resolve) => refused.on("exit", resolve))).toBe(1);
      expect(refusal).toContain("WEB_CONCURRENCY: above 1 only in production with DATABASE_URL");
      for (const databaseUrl of postgresUrl ? [postgresUrl] : []) {
        const missing = new URL(databaseUrl);
        missing.pathname = `/missing_${randomBytes(6).toString("hex")}`;
        const primary = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
          env: {
            ...process.env,
            PORT: String(port),
            HOST: "127.0.0.1",
            DATA_DIR: dataDir,
            DATABASE_URL: missing.toString(),
            SESSION_SECRET: "two-processes-share-this-secret-of-40-chars",
            NODE_ENV: "production",
            WEB_CONCURRENCY: "2",
          },
        });
        let output = "";
        primary.stdout.on("data", (chunk) => (output += chunk));
        expect(await new Promise((resolve) => primary.on("exit", resolve))).toBe(1);
        expect(output).toContain("Could not open the database");
        expect(output).toContain("A server process stopped before it could serve; stopping the others");
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/** `npm run <script> -- <args>` with the site's environment: its exit code and everything it printed. */
function npmRun(script: string, args: string[], env: Record<string, string>): Promise<{ status: number; output: string }> {
  return new Promise((resolve) => {
    execFile("npm", ["run", "--silent", script, "--", ...args], { env: { ...process.env, ...env } }, (error, stdout, stderr) =>
      resolve({ status: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` }),
    );
  });
}

test.describe("backups of the embedded database", () => {
  test("db:backup copies a running site, its last request and photos included; the copy restores with tar and opens; a stopped site too", async () => {
    // A site and four runs of the command, each its own Node process.
    test.setTimeout(120_000);
    const directory = mkdtempSync(path.join(tmpdir(), "backup-test-"));
    const port = firstPort + 8;
    const secret = randomBytes(32).toString("hex");
    const env = { PORT: String(port), HOST: "127.0.0.1", DATA_DIR: path.join(directory, "site"), SESSION_SECRET: secret, NODE_ENV: "production", LOG_LEVEL: "warn" };
    const site = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], { env: { ...process.env, ...env }, stdio: "ignore" });
    const exited = new Promise((resolve) => site.on("exit", resolve));
    try {
      await expect.poll(() => fetch(`http://127.0.0.1:${port}/readyz`).then((response) => response.status, () => 0), { timeout: 60_000 }).toBe(200);
      expect(site.exitCode, "another process answers on the test's port").toBeNull();
      // A request with a photo, received just before the backup starts.
      const form = new FormData();
      const fields = { problem: "Water damage", firstName: "Backed", lastName: "Up", phone: "(215) 555-0100", email: "backed.up@example.com", website: "" };
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.append("formStart", issueFormStart(secret, new Date(Date.now() - 120_000)));
      form.append("photos", new Blob([new Uint8Array(jpegBytes)], { type: "image/jpeg" }), "kitchen.jpg");
      const sent = await fetch(`http://127.0.0.1:${port}/api/service-requests`, { method: "POST", body: form, headers: { accept: "application/json" } });
      expect(await sent.json()).toMatchObject({ status: "received" });

      const running = await npmRun("db:backup", ["--out", path.join(directory, "while-running")], env);
      expect(running.output).toContain("Backed up the embedded database from the running site");
      expect(running.output).toContain("1 uploaded files copied to uploads/.");
      expect(running.status).toBe(0);
      expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
      const refused = await npmRun("db:backup", ["--out", path.join(directory, "while-running")], env);
      expect(refused).toMatchObject({ status: 1, output: expect.stringContaining("is not empty: give a new folder") });

      // Restored as docs/deploy.md says: the archive into DATA_DIR/db, the uploads and the secret beside it.
      const restored = path.join(directory, "restored");
      mkdirSync(path.join(restored, "db"), { recursive: true });
      execFileSync("tar", ["-xzf", path.join(directory, "while-running", "database.tar.gz"), "-C", path.join(restored, "db")], { stdio: "ignore" });
      cpSync(path.join(directory, "while-running", "uploads"), path.join(restored, "uploads"), { recursive: true });
      const database = await openDatabase({ kind: "pglite", dataDir: path.join(restored, "db") });
      try {
        const [request] = await database.db.select().from(serviceRequests);
        expect(request).toMatchObject({ firstName: "Backed", lastName: "Up", email: "backed.up@example.com" });
        const photos = await database.db.select().from(serviceRequestPhotos);
        expect(photos).toHaveLength(1);
        expect(readFileSync(path.join(restored, "uploads", photos[0]?.storageKey ?? "")).length).toBe(photos[0]?.sizeBytes);
      } finally {
        await database.close();
      }

      site.kill("SIGTERM");
      await exited;
      const stopped = await npmRun("db:backup", ["--out", path.join(directory, "while-stopped")], env);
      expect(stopped.output).toContain("Backed up the embedded database (the site is stopped)");
      expect(stopped.status).toBe(0);

      const onPostgres = await npmRun("db:backup", ["--out", path.join(directory, "postgres")], { ...env, DATABASE_URL: "postgres://site@127.0.0.1:1/site" });
      expect(onPostgres).toMatchObject({ status: 1, output: expect.stringContaining("back it up with pg_dump") });
    } finally {
      site.kill("SIGKILL");
      rmSync(directory, { recursive: true, force: true });
    }
  });
});

