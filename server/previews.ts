import type { Sharp } from "sharp";

/** The small WebP for the request's page, or the full-size copy staff open instead of the original. */
export type PreviewKind = "thumbnail" | "viewable";
export const thumbnailWidth = 480;

/** The viewable copy keeps a PNG a PNG; everything else becomes a JPEG. */
export function viewableTypeOf(contentType: string): "image/png" | "image/jpeg" {
  return contentType === "image/png" ? "image/png" : "image/jpeg";
}

/**
 * Each rejects when sharp cannot decode the photo. Nothing of its metadata (location included) is
 * carried into what sharp writes. Shared by the server (JPEG, PNG) and the HEIC worker.
 */
export const previewEncoders: Record<PreviewKind, (pixels: Sharp, contentType: string) => Promise<Buffer>> = {
  thumbnail: (pixels) => pixels.resize({ width: thumbnailWidth, withoutEnlargement: true }).webp({ quality: 75 }).toBuffer(),
  viewable: (pixels, contentType) =>
    (viewableTypeOf(contentType) === "image/png" ? pixels.keepIccProfile().png() : pixels.keepIccProfile().jpeg({ quality: 90 })).toBuffer(),
};
