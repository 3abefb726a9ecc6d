import { Readable } from "node:stream";
import sharp from "sharp";
import type { ObjectStorage } from "#server/storage.ts";
import { thumbnailKey } from "./inbox.server.ts";

/** Formats sharp can read here; HEIC (HEVC) is not among them, so those photos are offered as downloads. */
const thumbnailable = new Set(["image/jpeg", "image/png"]);
export const thumbnailWidth = 480;

export function hasThumbnail(contentType: string): boolean {
  return thumbnailable.has(contentType);
}

/** The photo's thumbnail (WebP), made on first request and kept in storage beside it. */
export async function thumbnailOf(storage: ObjectStorage, photo: { id: string; storageKey: string }): Promise<Readable> {
  const key = thumbnailKey(photo.id);
  if (!(await storage.exists(key))) {
    const resized = await storage
      .get(photo.storageKey)
      .pipe(sharp({ failOn: "error" }).rotate().resize({ width: thumbnailWidth, withoutEnlargement: true }).webp({ quality: 75 }))
      .toBuffer();
    // Two staff opening the same request at once both make it: the second put finds it there.
    await storage.put(key, Readable.from(resized)).catch(async (error: unknown) => {
      if (!(await storage.exists(key))) throw error;
    });
  }
  return storage.get(key);
}
