import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { acquireLockFile, LockedError } from "./lock-file.ts";

let directory: string;
let lockFile: string;
beforeEach(() => {
  directory = mkdtempSync(path.join(tmpdir(), "lock-test-"));
  lockFile = path.join(directory, "db.lock");
});
afterEach(() => rmSync(directory, { recursive: true, force: true }));

describe("acquireLockFile", () => {
  it("writes our PID and removes the file on release", () => {
    const release = acquireLockFile(lockFile);
    expect(readFileSync(lockFile, "utf8")).toBe(String(process.pid));
    release();
    expect(existsSync(lockFile)).toBe(false);
  });

  it("refuses a second holder while the first is alive, naming its PID", () => {
    const release = acquireLockFile(lockFile);
    expect(() => acquireLockFile(lockFile)).toThrow(LockedError);
    expect(() => acquireLockFile(lockFile)).toThrow(`in use by process ${process.pid}`);
    release();
    acquireLockFile(lockFile)();
  });

  it("takes over a lock left by a process that no longer runs", () => {
    writeFileSync(lockFile, "2147483646");
    const release = acquireLockFile(lockFile);
    expect(readFileSync(lockFile, "utf8")).toBe(String(process.pid));
    release();
  });

  it("takes over an unreadable lock file", () => {
    writeFileSync(lockFile, "garbage");
    acquireLockFile(lockFile)();
    expect(existsSync(lockFile)).toBe(false);
  });
});
