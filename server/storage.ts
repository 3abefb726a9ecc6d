import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { StorageConfig } from "./config.ts";
import { createS3Storage } from "./storage-s3.ts";

/**
 * Where uploaded bytes live. Keys are ours (never a visitor's file name); objects are private.
 * `storage-contract.test.ts` holds every driver to the same behaviour.
 */
export interface ObjectStorage {
  /** Stores the stream under a new key; a failed stream stores nothing and rejects. */
  put(key: string, body: Readable): Promise<void>;
  /** The object's bytes; a missing object fails the stream. */
  get(key: string): Readable;
  exists(key: string): Promise<boolean>;
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
}

const safeKey = /^[a-z0-9][a-z0-9/_-]*$/i;

/** Keys are made by us, but a bug must never turn one into a path outside the store. */
export function assertSafeKey(key: string): void {
  if (!safeKey.test(key) || key.includes("..") || key.includes("//")) throw new Error(`Invalid storage key: ${key}`);
}

/** The driver the configuration names: the local folder unless an S3 bucket is set. */
export function createStorage(config: StorageConfig): ObjectStorage {
  return config.driver === "s3" ? createS3Storage(config) : createFolderStorage(config.directory);
}

/** The default driver: a folder on local disk (`DATA_DIR/uploads`). */
export function createFolderStorage(root: string): ObjectStorage {
  const pathOf = (key: string) => {
    assertSafeKey(key);
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
