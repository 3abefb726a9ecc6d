import { fileTypeFromBuffer } from "file-type";
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import sharp, { type Sharp } from "sharp";
import type { ObjectStorage } from "#server/storage.ts";
import {
  acceptedImageTypes,
  imageUploadLimits,
  mediaFolders,
  mediaKey,
  mediaUrl,
  uploadMessages,
  type MediaFolder,
  type MediaFormat,
} from "#app/domain/media.ts";

/** Big enough for any real logo or photo, small enough that a crafted image cannot exhaust memory. */
const maxInputPixels = 40_000_000;

/** The placeholder's long side: a few hundred bytes once blurred, enough to hint at the colours. */
const placeholderWidth = 16;

export type StoredImage = { url: string; placeholder: string } | { error: string };

/**
 * The hero's photo is only ever shown dimmed to 30% behind the headline, where its fine detail
 * cannot be seen, and it is the home page's largest paint: on a slow phone its bytes are the wait.
 * So it is kept at a lower quality and softly blurred, which also keeps the headline readable over
 * a busy picture: a 960 px AVIF of a detailed photo is about 68 KB at 55, 25 KB at 30, and 13 KB
 * at 30 once blurred.
 */
const qualities: Record<"photo" | "backdrop", Record<MediaFormat, number>> = {
  photo: { webp: 82, avif: 55 },
  backdrop: { webp: 60, avif: 30 },
};

/** The backdrop's blur, in pixels per 240 of width: the same softness on the screen at every width. */
const backdropBlurPerPixel = 1 / 240;

function encode(image: Sharp, format: MediaFormat, folder: MediaFolder, width: number): Sharp {
  const backdrop = folder === "hero";
  const quality = qualities[backdrop ? "backdrop" : "photo"][format];
  const pixels = backdrop ? image.blur(width * backdropBlurPerPixel) : image;
  // Effort 2 keeps a 1920 px photo to about a second of a worker thread; the file stays far smaller than WebP.
  return format === "avif" ? pixels.avif({ quality, effort: 2 }) : pixels.webp({ quality });
}

/**
 * Checks an upload by its bytes (a raster image: PNG, JPEG, WebP or GIF, whatever its name says),
 * decodes it, and stores it at each width and in each format of its folder, with a tiny blurred
 * placeholder for photos. Nothing of the original's metadata is kept (EXIF with its GPS location,
 * XMP, the camera): sharp writes none unless asked, and the orientation is applied to the pixels.
 * SVG is refused: it is a document that can carry scripts, and nothing served from here is ever
 * active content. The work runs on sharp's own threads, never on the event loop.
 */
export async function storeImage(storage: ObjectStorage, bytes: Buffer, folder: MediaFolder): Promise<StoredImage> {
  if (bytes.length > imageUploadLimits.maxBytes) return { error: uploadMessages.tooLarge };
  const type = (await fileTypeFromBuffer(bytes))?.mime;
  if (!type || !(acceptedImageTypes as readonly string[]).includes(type)) return { error: uploadMessages.notImage };

  const { widths, main, formats, aspect } = mediaFolders[folder];
  const id = randomUUID();
  const source = () =>
    sharp(bytes, {
      failOn: "error",
      limitInputPixels: maxInputPixels,
    }).rotate();
  const resized = (width: number) =>
    aspect
      ? source().resize({ width, height: Math.round((width * aspect.height) / aspect.width), fit: "cover", position: "attention" })
      : source().resize({ width, withoutEnlargement: true });
  let files: { key: string; body: Buffer }[];
  let placeholder = "";
  try {
    files = await Promise.all(
      widths.flatMap((width) =>
        (formats as readonly MediaFormat[]).map(async (format) => ({
          key: mediaKey(folder, id, width, format),
          body: await encode(resized(width), format, folder, width).toBuffer(),
        })),
      ),
    );
    if (formats.length > 1) {
      const tiny = await resized(placeholderWidth).blur(1).webp({ quality: 40 }).toBuffer();
      placeholder = `data:image/webp;base64,${tiny.toString("base64")}`;
    }
  } catch {
    return { error: uploadMessages.unreadable };
  }
  try {
    await Promise.all(files.map(({ key, body }) => storage.put(key, Readable.from(body))));
  } catch (error) {
    await Promise.allSettled(files.map(({ key }) => storage.delete(key)));
    throw error;
  }
  return { url: mediaUrl(folder, id, main), placeholder };
}
