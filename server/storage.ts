import { randomBytes } from "node:crypto";
import { constants, createReadStream, createWriteStream } from "node:fs";
import { access, link, mkdir, readdir, rm, stat } from "node:fs/promises";
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
  /** Resolves when the store can be written to (readiness); rejects with the reason otherwise. */
  check(): Promise<void>;
}

const safeKey = /^[a-z0-9][a-z0-9/_-]*$/i;

const isSafeKey = (key: string) => safeKey.test(key) && !key.includes("..") && !key.includes("//");

/** Keys are made by us, but a bug must never turn one into a path outside the store. */
export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`Invalid storage key: ${key}`);
}

/** The driver the configuration names: the local folder unless an S3 bucket is set. */
export function createStorage(config: StorageConfig): ObjectStorage {
  return config.driver === "s3" ? createS3Storage(config) : createFolderStorage(config.directory);
}

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

/** Copies these objects from one store to another, a few at a time; the first failure stops it. */
export async function copyObjects(source: ObjectStorage, target: ObjectStorage, keys: string[], concurrency = 4): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < keys.length) {
      const key = keys[next++] as string;
      try {
        await target.put(key, source.get(key));
      } catch (error) {
        next = keys.length;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, keys.length) }, lane));
}
