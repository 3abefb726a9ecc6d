import type { Readable } from "node:stream";

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

export const isSafeKey = (key: string) => safeKey.test(key) && !key.includes("..") && !key.includes("//");

/** Keys are made by us, but a bug must never turn one into a path outside the store. */
export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`Invalid storage key: ${key}`);
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
