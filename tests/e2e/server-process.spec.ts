import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest, Agent } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
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
