import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStorage, folderStorageKeys, type ObjectStorage } from "./storage.ts";

/** One contract, every driver: the folder (default) and an S3-compatible bucket served in-process. */
const bucket = "uploads";
const directories: string[] = [];
const temporaryDirectory = (prefix: string) => {
  const directory = mkdtempSync(path.join(tmpdir(), prefix));
  directories.push(directory);
  return directory;
};
let s3Server: S3rver;
let s3Endpoint: string;

beforeAll(async () => {
  s3Server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: temporaryDirectory("s3rver-"),
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await s3Server.run();
  s3Endpoint = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await s3Server.close();
  for (const directory of directories) rmSync(directory, { recursive: true, force: true });
});

const s3 = (name: string) =>
  createStorage({
    driver: "s3",
    bucket: name,
    region: "us-east-1",
    endpoint: s3Endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    prefix: `run-${Date.now()}/`,
  });

/** Each driver, and one that cannot work: a folder under a plain file, a bucket that does not exist. */
const drivers: { name: string; create: () => ObjectStorage; unreachable: () => ObjectStorage }[] = [
  {
    name: "folder",
    create: () => createStorage({ driver: "folder", directory: temporaryDirectory("uploads-") }),
    unreachable: () => {
      const file = path.join(temporaryDirectory("not-a-folder-"), "file");
      writeFileSync(file, "");
      return createStorage({ driver: "folder", directory: path.join(file, "uploads") });
    },
  },
  { name: "S3", create: () => s3(bucket), unreachable: () => s3("no-such-bucket") },
];

/** A stream that yields some bytes, then fails: a visitor's upload cut off mid-file. */
function failingStream(): Readable {
  return Readable.from(
    (async function* () {
      yield Buffer.alloc(64 * 1024, 1);
      throw new Error("connection reset");
    })(),
  );
}

/** A stream that yields a first chunk, then holds until `finish` is called: an upload in progress. */
function heldStream(): { stream: Readable; holding: () => boolean; finish: () => void } {
  let finish = () => {};
  const finished = new Promise<void>((resolve) => (finish = resolve));
  let holding = false;
  const stream = Readable.from(
    (async function* () {
      yield Buffer.alloc(64 * 1024, 2);
      // Reached once the first chunk has been taken and the next one asked for.
      holding = true;
      await finished;
      yield Buffer.alloc(64 * 1024, 3);
    })(),
  );
  return { stream, holding: () => holding, finish };
}

describe.each(drivers)("$name storage", ({ create, unreachable }) => {
  let storage: ObjectStorage;
  beforeAll(() => {
    storage = create();
  });

  it("stores, reads back and deletes an object", async () => {
    const bytes = Buffer.from("a photo's bytes");
    await storage.put("requests/contract-small", Readable.from([bytes]));
    expect(await storage.exists("requests/contract-small")).toBe(true);
    expect(await buffer(storage.get("requests/contract-small"))).toEqual(bytes);
    await storage.delete("requests/contract-small");
    expect(await storage.exists("requests/contract-small")).toBe(false);
  });

  it("streams an object larger than one upload part (12 MB) byte for byte", async () => {
    const bytes = Buffer.alloc(12 * 1024 * 1024);
    for (let index = 0; index < bytes.length; index += 4096) bytes[index] = index % 251;
    const chunks = Array.from({ length: 12 * 16 }, (_, index) => bytes.subarray(index * 65536, (index + 1) * 65536));
    await storage.put("requests/contract-large", Readable.from(chunks));
    expect((await buffer(storage.get("requests/contract-large"))).equals(bytes)).toBe(true);
  });

  it("stores an empty object", async () => {
    await storage.put("requests/contract-empty", Readable.from([]));
    expect(await storage.exists("requests/contract-empty")).toBe(true);
    expect((await buffer(storage.get("requests/contract-empty"))).length).toBe(0);
  });

  it("keeps nothing of a stream that fails, and rejects", async () => {
    await expect(storage.put("requests/contract-failed", failingStream())).rejects.toThrow();
    expect(await storage.exists("requests/contract-failed")).toBe(false);
  });

  it("fails the stream of a missing object and deletes a missing object quietly", async () => {
    await expect(buffer(storage.get("requests/contract-missing"))).rejects.toThrow();
    expect(await storage.exists("requests/contract-missing")).toBe(false);
    await expect(storage.delete("requests/contract-missing")).resolves.toBeUndefined();
  });

  it("shows an object only once it is complete", async () => {
    const { stream, holding, finish } = heldStream();
    const stored = storage.put("requests/contract-held", stream);
    await expect.poll(holding).toBe(true);
    expect(await storage.exists("requests/contract-held")).toBe(false);
    finish();
    await stored;
    expect((await buffer(storage.get("requests/contract-held"))).length).toBe(128 * 1024);
  });

  it("answers the readiness check while it can store, and fails it when it cannot", async () => {
    await expect(storage.check()).resolves.toBeUndefined();
    await expect(unreachable().check()).rejects.toThrow();
  });

  it.each(["../escape", "requests/../../etc/passwd", "/absolute", "requests//double", "name with spaces", ""])(
    "refuses the key %j",
    async (key) => {
      await expect(storage.put(key, Readable.from([Buffer.from("x")]))).rejects.toThrow("Invalid storage key");
      await expect(storage.exists(key)).rejects.toThrow("Invalid storage key");
      await expect(storage.delete(key)).rejects.toThrow("Invalid storage key");
      expect(() => storage.get(key)).toThrow("Invalid storage key");
    },
  );
});

describe("the keys of a folder store", () => {
  it("are every complete object's key, never a file being written", async () => {
    const root = temporaryDirectory("keys-");
    const storage = createStorage({ driver: "folder", directory: root });
    await storage.put("requests/one", Readable.from([Buffer.from("1")]));
    await storage.put("media/logos/two-320", Readable.from([Buffer.from("2")]));
    const { stream, finish } = heldStream();
    const held = storage.put("requests/three", stream);
    await expect.poll(async () => (await readdir(root, { recursive: true })).some((name) => name.endsWith(".partial"))).toBe(true);
    expect(await folderStorageKeys(root)).toEqual(["media/logos/two-320", "requests/one"]);
    finish();
    await held;
    expect(await folderStorageKeys(root)).toEqual(["media/logos/two-320", "requests/one", "requests/three"]);
    expect(await folderStorageKeys(path.join(root, "missing"))).toEqual([]);
  });
});
