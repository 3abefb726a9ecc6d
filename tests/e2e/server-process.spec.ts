import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { request as httpRequest, Agent } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "./support.ts";

/** Ports of their own, beside the shared e2e server's. */
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
});
