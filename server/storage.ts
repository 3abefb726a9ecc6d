import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

/** Where uploaded bytes live. Keys are ours (never a visitor's file name); objects are private. */
export interface ObjectStorage {
  put(key: string, body: Readable): Promise<void>;
  get(key: string): Readable;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
}

const safeKey = /^[a-z0-9][a-z0-9/_-]*$/i;

/** The default driver: a folder on local disk (`DATA_DIR/uploads`). */
export function createFolderStorage(root: string): ObjectStorage {
  const pathOf = (key: string) => {
    if (!safeKey.test(key) || key.includes("..")) throw new Error(`Invalid storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, body) {
      const file = pathOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      try {
        await pipeline(body, createWriteStream(file, { flags: "wx", mode: 0o600 }));
      } catch (error) {
        await rm(file, { force: true });
        throw error;
      }
    },
    get: (key) => createReadStream(pathOf(key)),
    async exists(key) {
      return Boolean(await stat(pathOf(key)).catch(() => null));
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
