import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest, Agent } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { expect, test } from "./support.ts";

test.describe("a fresh server", () => {
  test("prints the one-time setup link; SIGTERM drains open connections, closes the database and exits cleanly", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "shutdown-test-"));
    const port = 3290;
    const server = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
      env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, NODE_ENV: "production", LOG_LEVEL: "info" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    server.stdout.on("data", (chunk) => (output += chunk));
    server.stderr.on("data", (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => server.on("exit", resolve));
    try {
      await expect.poll(() => output, { timeout: 30_000 }).toContain("Server listening");
      expect(existsSync(path.join(dataDir, "db.lock"))).toBe(true);
      const setupPath = output.match(/No administrator yet\..*?https?:\/\/[^/\s]+(\/auth\/setup\?token=[\w-]+)/)?.[1];
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
      expect(output).toContain("Stopped");
      expect(existsSync(path.join(dataDir, "db.lock"))).toBe(false);
      agent.destroy();
    } finally {
      server.kill("SIGKILL");
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test("npm start hands SIGTERM to the server, which drains and stops; npm exits 0", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "npm-start-test-"));
    const port = 3291;
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

test.describe("three instances started together on an empty PostgreSQL database", () => {
  test.skip(!postgresUrl, "needs TEST_DATABASE_URL");

  test("only the one that made the setup link prints it; the others say one exists and how to replace it", async () => {
    const name = `setup_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const url = new URL(postgresUrl ?? "");
    url.pathname = `/${name}`;
    const dataDir = mkdtempSync(path.join(tmpdir(), "setup-link-test-"));
    const instances: { process: ChildProcessWithoutNullStreams; output: string }[] = [];
    try {
      for (const port of [3295, 3296, 3297]) {
        const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
          env: {
            ...process.env,
            PORT: String(port),
            HOST: "127.0.0.1",
            DATA_DIR: path.join(dataDir, String(port)),
            DATABASE_URL: url.toString(),
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
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
