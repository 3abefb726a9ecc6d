import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { PassThrough, Readable } from "node:stream";
import type { StorageConfig } from "./config.ts";
import { assertSafeKey, type ObjectStorage } from "./object-storage.ts";

/** 5 MB is S3's smallest part: a photo (10 MB at most) is held in memory one part at a time. */
const partSize = 5 * 1024 * 1024;
const checkTimeoutMs = 5_000;

/** Objects in an S3-compatible bucket; the bucket stays private (photos are served through the app). */
export function createS3Storage(config: Extract<StorageConfig, { driver: "s3" }>): ObjectStorage {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
  });
  const objectKey = (key: string) => {
    assertSafeKey(key);
    return `${config.prefix}${key}`;
  };
  const target = (key: string) => ({ Bucket: config.bucket, Key: objectKey(key) });

  return {
    async put(key, body) {
      const upload = new Upload({ client, params: { ...target(key), Body: body }, queueSize: 1, partSize, leavePartsOnError: false });
      try {
        await upload.done();
      } catch (error) {
        // Like a failed pipeline: whoever feeds the stream must see it end rather than wait on it.
        body.destroy();
        throw error;
      }
    },
    get(key) {
      const output = new PassThrough();
      client
        .send(new GetObjectCommand(target(key)))
        .then(({ Body }) => {
          if (!(Body instanceof Readable)) throw new Error(`Storage object ${key} has no body`);
          Body.on("error", (error) => output.destroy(error));
          Body.pipe(output);
        })
        .catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
      return output;
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand(target(key)));
        return true;
      } catch (error) {
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return false;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand(target(key)));
    },
    async check() {
      // The SDK would wait for ever on a store that accepts connections and never answers.
      await client.send(new HeadBucketCommand({ Bucket: config.bucket }), { abortSignal: AbortSignal.timeout(checkTimeoutMs) });
    },
  };
}
