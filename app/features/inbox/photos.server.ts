import decodeHeic from "heic-decode";
import { Readable } from "node:stream";
import sharp, { type Sharp } from "sharp";
import { isHeif } from "#app/features/service-request/schema.ts";
import type { ObjectStorage } from "#server/storage.ts";
import { thumbnailKey, viewableKey } from "./inbox.server.ts";

/** Photos staff can see: sharp reads JPEG and PNG; HEIC (HEVC, which sharp's build lacks) goes through libheif in WebAssembly. */
const sharpReadable = new Set(["image/jpeg", "image/png"]);
export const thumbnailWidth = 480;

export function hasThumbnail(contentType: string): boolean {
  return sharpReadable.has(contentType) || isHeif(contentType);
}

async function bytesOf(storage: ObjectStorage, key: string): Promise<Buffer> {
  return Buffer.concat(await storage.get(key).toArray());
}

/** The photo's pixels, upright. Nothing of its metadata (location included) is carried into what sharp writes. */
async function pixelsOf(storage: ObjectStorage, photo: { storageKey: string; contentType: string }): Promise<Sharp> {
  const bytes = await bytesOf(storage, photo.storageKey);
  if (isHeif(photo.contentType)) {
    // libheif applies the file's rotation and mirroring while decoding.
    const image = await decodeHeic({ buffer: bytes });
    return sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), {
      raw: { width: image.width, height: image.height, channels: 4 },
    });
  }
  return sharp(bytes, { failOn: "error" }).rotate();
}

/** Made once and kept in storage beside the photo; two staff making it at once both succeed. */
async function cached(storage: ObjectStorage, key: string, make: () => Promise<Buffer>): Promise<Readable> {
  if (!(await storage.exists(key))) {
    const made = await make();
    await storage.put(key, Readable.from(made)).catch(async (error: unknown) => {
      if (!(await storage.exists(key))) throw error;
    });
  }
  return storage.get(key);
}

/** The photo's thumbnail (WebP, no metadata). */
export function thumbnailOf(storage: ObjectStorage, photo: { id: string; storageKey: string; contentType: string }): Promise<Readable> {
  return cached(storage, thumbnailKey(photo.id), async () =>
    (await pixelsOf(storage, photo)).resize({ width: thumbnailWidth, withoutEnlargement: true }).webp({ quality: 75 }).toBuffer(),
  );
}

/** What staff open or download instead of the original: full size, upright, without location or other metadata; HEIC as JPEG. */
export async function viewableCopyOf(
  storage: ObjectStorage,
  photo: { id: string; storageKey: string; contentType: string },
): Promise<{ body: Readable; contentType: "image/png" | "image/jpeg" }> {
  const contentType = photo.contentType === "image/png" ? "image/png" : "image/jpeg";
  const body = await cached(storage, viewableKey(photo.id), async () => {
    const pixels = (await pixelsOf(storage, photo)).keepIccProfile();
    return (contentType === "image/png" ? pixels.png() : pixels.jpeg({ quality: 92, mozjpeg: true })).toBuffer();
  });
  return { body, contentType };
}
