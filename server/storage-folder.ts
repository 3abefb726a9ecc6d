import { randomBytes } from "node:crypto";
import { constants, createReadStream, createWriteStream } from "node:fs";
import { access, link, mkdir, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { assertSafeKey, isSafeKey, type ObjectStorage } from "./object-storage.ts";

/**
 * The default driver: a folder on local disk (`DATA_DIR/uploads`). An object is written under a
 * temporary name (a dot, which keys never have) and linked into place once complete, so a reader,
 * a backup or a crash never meets half a file.
 */
export function createFolderStorage(root: string): ObjectStorage {
  const pathOf = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, body) {
      const file = pathOf(key);
      const partial = `${file}.${randomBytes(6).toString("hex")}.partial`;
      await mkdir(path.dirname(file), { recursive: true });
      try {
        await pipeline(body, createWriteStream(partial, { flags: "wx", mode: 0o600 }));
        // Unlike a rename, a link refuses to replace an object that is already there.
        await link(partial, file);
      } finally {
        await rm(partial, { force: true });
      }
    },
    get: (key) => createReadStream(pathOf(key)),
    async exists(key) {
      return Boolean(await stat(pathOf(key)).catch(() => null));
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async check() {
      await mkdir(root, { recursive: true });
      await access(root, constants.R_OK | constants.W_OK);
    },
  };
}

/** Every object's key in a folder store, leaving out files being written. */
export async function folderStorageKeys(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .filter(isSafeKey)
    .sort();
}
