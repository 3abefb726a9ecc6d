import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStorage, type ObjectStorage } from "./storage.ts";

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

const drivers: { name: string; create: () => ObjectStorage }[] = [
  { name: "folder", create: () => createStorage({ driver: "folder", directory: temporaryDirectory("uploads-") }) },
  {
    name: "S3",
    create: () =>
      createStorage({
        driver: "s3",
        bucket,
        region: "us-east-1",
        endpoint: s3Endpoint,
        forcePathStyle: true,
        credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
        prefix: `run-${Date.now()}/`,
      }),
  },
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

describe.each(drivers)("$name storage", ({ create }) => {
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
