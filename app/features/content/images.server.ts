import { fileTypeFromBuffer } from "file-type";
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import sharp from "sharp";
import type { ObjectStorage } from "#server/storage.ts";
import { acceptedImageTypes, imageUploadLimits, mediaFolders, mediaUrl, uploadMessages, type MediaFolder } from "./media.ts";

/** Big enough for any real logo or photo, small enough that a crafted image cannot exhaust memory. */
const maxInputPixels = 40_000_000;

type StoredImage = { url: string } | { error: string };

/**
 * Checks an upload by its bytes (a raster image: PNG, JPEG, WebP or GIF, whatever its name says),
 * decodes it, and stores it as WebP at each width of its folder. SVG is refused: it is a document
 * that can carry scripts, and nothing served from here is ever active content.
 */
export async function storeImage(storage: ObjectStorage, bytes: Buffer, folder: MediaFolder): Promise<StoredImage> {
  if (bytes.length > imageUploadLimits.maxBytes) return { error: uploadMessages.tooLarge };
  const type = (await fileTypeFromBuffer(bytes))?.mime;
  if (!type || !(acceptedImageTypes as readonly string[]).includes(type)) return { error: uploadMessages.notImage };

  const { widths, main } = mediaFolders[folder];
  const id = randomUUID();
  let files: { key: string; body: Buffer }[];
  try {
    files = await Promise.all(
      widths.map(async (width) => ({
        key: `media/${folder}/${id}-${width}`,
        body: await sharp(bytes, {
          failOn: "error",
          limitInputPixels: maxInputPixels,
        })
          .rotate()
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: 82 })
          .toBuffer(),
      })),
    );
  } catch {
    return { error: uploadMessages.unreadable };
  }
  try {
    await Promise.all(files.map(({ key, body }) => storage.put(key, Readable.from(body))));
  } catch (error) {
    await Promise.allSettled(files.map(({ key }) => storage.delete(key)));
    throw error;
  }
  return { url: mediaUrl(folder, id, main) };
}
