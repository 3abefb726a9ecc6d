import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";

export class LockedError extends Error {
  override name = "LockedError";
}

/**
 * Takes an exclusive lock file holding our PID. A lock left by a process that no longer
 * runs is taken over; a live one is refused with a message saying who holds it.
 * Returns the function that releases it.
 */
export function acquireLockFile(file: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const descriptor = openSync(file, "wx", 0o600);
      writeSync(descriptor, String(process.pid));
      closeSync(descriptor);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          unlinkSync(file);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number.parseInt(readFileSync(file, "utf8"), 10);
      if (Number.isInteger(holder) && isRunning(holder)) {
        throw new LockedError(
          `The embedded database is in use by process ${holder} (lock file ${file}). ` +
            "Stop that process first: the embedded database serves one process at a time.",
        );
      }
      unlinkSync(file);
    }
  }
  throw new LockedError(`Could not take the lock file ${file}`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
