import { chmodSync, lstatSync, readdirSync } from "node:fs";
import path from "node:path";

/** Folders we create for our data: only the site's own user may list or enter them. */
export const privateFolderMode = 0o700;

/**
 * Takes every permission for others off a folder and all it holds (files 0600, folders 0700 at
 * most). For files a library writes with modes of its own, which the process's umask cannot reach.
 */
export function restrictToOwner(root: string): void {
  const entries = [root, ...readdirSync(root, { recursive: true, encoding: "utf8" }).map((name) => path.join(root, name))];
  for (const entry of entries) {
    const stats = lstatSync(entry);
    if (!stats.isSymbolicLink() && (stats.mode & 0o077) !== 0) chmodSync(entry, stats.mode & 0o700);
  }
}
