import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "./db/client.ts";

const modeOf = (file: string) => statSync(file).mode & 0o777;

/** The entries under `root` (itself included) that others may read, write or enter, with their modes. */
function openToOthers(root: string): string[] {
  return [root, ...readdirSync(root, { recursive: true, encoding: "utf8" }).map((name) => path.join(root, name))]
    .filter((file) => (modeOf(file) & 0o077) !== 0)
    .map((file) => `${path.relative(root, file) || "."} ${modeOf(file).toString(8)}`);
}

function createAdmin(dataDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/create-admin.ts", "--email", "owner@example.com", "--password", "a long pass phrase"], {
      env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: "production" },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let errors = "";
    child.stderr.on("data", (chunk) => (errors += chunk));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`create-admin exited with ${code}: ${errors}`))));
  });
}

describe("the files the site writes", () => {
  let parent: string;
  beforeEach(() => {
    parent = mkdtempSync(path.join(tmpdir(), "private-files-"));
  });
  afterEach(() => rmSync(parent, { recursive: true, force: true }));

  it("are its own user's only: create-admin on a new data folder makes it, the database and the session secret private", { timeout: 60_000 }, async () => {
    // This process makes files anyone may read: what follows is the command's own doing.
    writeFileSync(path.join(parent, "probe"), "");
    expect(modeOf(path.join(parent, "probe")) & 0o044).not.toBe(0);

    const dataDir = path.join(parent, "data");
    await createAdmin(dataDir);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(path.join(dataDir, "session-secret"))).toBe(0o600);
    expect(readdirSync(path.join(dataDir, "db", "pg_wal")).length).toBeGreaterThan(0);
    expect(openToOthers(dataDir)).toEqual([]);
  });

  it("closes an embedded database left open to others by an earlier version when it opens it", { timeout: 60_000 }, async () => {
    const location = { kind: "pglite", dataDir: path.join(parent, "db") } as const;
    await (await openDatabase(location)).close();
    chmodSync(location.dataDir, 0o755);
    for (const name of ["PG_VERSION", "postgresql.conf", "global/pg_control"]) chmodSync(path.join(location.dataDir, name), 0o666);
    expect(openToOthers(location.dataDir)).toHaveLength(4);
    await (await openDatabase(location)).close();
    expect(openToOthers(location.dataDir)).toEqual([]);
  });
});
