import { and, eq, isNull } from "drizzle-orm";
import { Readable } from "node:stream";
import sharp, { type Sharp } from "sharp";
import { maxPhotoPixels } from "#app/features/service-request/intake.server.ts";
import { isHeif } from "#app/features/service-request/schema.ts";
import type { Database } from "#server/db/client.ts";
import { serviceRequestPhotos } from "#server/db/schema.ts";
import type { HeicDecoder } from "#server/heic-decoder.ts";
import type { Logger } from "#server/logger.ts";
import type { ObjectStorage } from "#server/storage.ts";
import { thumbnailKey, viewableKey } from "./inbox.server.ts";

/** Photos staff can see: sharp reads JPEG and PNG; HEIC (HEVC, which sharp's build lacks) goes through libheif in a worker. */
const sharpReadable = new Set(["image/jpeg", "image/png"]);
export const thumbnailWidth = 480;
export const previewUnavailableMessage = "Preview not available — download the original";

export function hasThumbnail(contentType: string): boolean {
  return sharpReadable.has(contentType) || isHeif(contentType);
}

/** The viewable copy keeps a PNG a PNG; everything else becomes a JPEG. */
export function viewableTypeOf(contentType: string): "image/png" | "image/jpeg" {
  return contentType === "image/png" ? "image/png" : "image/jpeg";
}

export interface PreviewDependencies {
  db: Database;
  storage: ObjectStorage;
  heicDecoder: HeicDecoder;
  logger: Logger;
}

export interface PreviewPhoto {
  id: string;
  storageKey: string;
  contentType: string;
  previewFailedAt: Date | null;
}

/**
 * "ready": the preview is in storage. "unavailable": none can be made, recorded once and never
 * tried again. "busy": every HEIC decoder is taken, try again shortly.
 */
export type PreviewState = "ready" | "unavailable" | "busy";
/** The small WebP for the request's page, or the full-size copy staff open instead of the original. */
export type PreviewKind = "thumbnail" | "viewable";
const storageKeyOf: Record<PreviewKind, (photoId: string) => string> = { thumbnail: thumbnailKey, viewable: viewableKey };

/** Previews being made in this process, so staff opening one photo twice at once decode it once. */
const making = new Map<string, Promise<PreviewState>>();
/**
 * Making a 12 MP photo's previews takes a core for a second or more and holds its 36 MB of
 * pixels: one photo at a time leaves the machine's other core to the event loop. Past `waiting`,
 * staff are asked to try again.
 */
const inTurn = turns({ atOnce: 1, waiting: 30 });

/**
 * Makes the photo's preview unless it is in storage already. Decoding a HEIC photo is the costly
 * part, so both of its previews are made from one decode.
 */
export async function preparePreview(dependencies: PreviewDependencies, photo: PreviewPhoto, kind: PreviewKind): Promise<PreviewState> {
  if (photo.previewFailedAt) return "unavailable";
  if (await dependencies.storage.exists(storageKeyOf[kind](photo.id))) return "ready";
  const kinds: PreviewKind[] = isHeif(photo.contentType) ? ["thumbnail", "viewable"] : [kind];
  const job = `${photo.id} ${kinds.join(" ")}`;
  let state = making.get(job);
  if (!state) {
    state = inTurn(() => makePreviews(dependencies, photo, kinds)).then((taken) => taken ?? "busy").finally(() => making.delete(job));
    making.set(job, state);
  }
  return state;
}

async function makePreviews({ db, storage, heicDecoder, logger }: PreviewDependencies, photo: PreviewPhoto, kinds: PreviewKind[]): Promise<PreviewState> {
  const bytes = Buffer.concat(await storage.get(photo.storageKey).toArray());
  const pixels = await pixelsOf(heicDecoder, photo.contentType, bytes);
  if (pixels.outcome === "busy") return "busy";
  const previews =
    pixels.outcome === "failed"
      ? pixels.error
      : await Promise.all(kinds.map(async (kind) => ({ kind, bytes: await encoders[kind](pixels.pipeline(), photo.contentType) }))).catch((error: unknown) =>
          error instanceof Error ? error.message : String(error),
        );
  if (typeof previews === "string") {
    await db
      .update(serviceRequestPhotos)
      .set({ previewFailedAt: new Date(), previewError: previews.slice(0, 500) })
      .where(and(eq(serviceRequestPhotos.id, photo.id), isNull(serviceRequestPhotos.previewFailedAt)));
    logger.warn({ photoId: photo.id, reason: previews }, "No preview can be made of this photo; staff are offered the original");
    return "unavailable";
  }
  await Promise.all(previews.map((preview) => storeOnce(storage, storageKeyOf[preview.kind](photo.id), preview.bytes)));
  return "ready";
}

/** Each rejects when sharp cannot decode the photo. Nothing of its metadata (location included) is carried into what sharp writes. */
const encoders: Record<PreviewKind, (pixels: Sharp, contentType: string) => Promise<Buffer>> = {
  thumbnail: (pixels) => pixels.resize({ width: thumbnailWidth, withoutEnlargement: true }).webp({ quality: 75 }).toBuffer(),
  viewable: (pixels, contentType) =>
    (viewableTypeOf(contentType) === "image/png" ? pixels.keepIccProfile().png() : pixels.keepIccProfile().jpeg({ quality: 90 })).toBuffer(),
};

type Pixels = { outcome: "decoded"; pipeline: () => Sharp } | { outcome: "failed"; error: string } | { outcome: "busy" };

/** The photo's pixels, upright, as a maker of sharp pipelines (which decode JPEG and PNG as they run). */
async function pixelsOf(heicDecoder: HeicDecoder, contentType: string, bytes: Buffer): Promise<Pixels> {
  const limitInputPixels = maxPhotoPixels;
  if (!isHeif(contentType)) return { outcome: "decoded", pipeline: () => sharp(bytes, { failOn: "error", limitInputPixels }).rotate() };
  const decoded = await heicDecoder.decode(bytes);
  if (decoded.outcome !== "decoded") return decoded;
  const { width, height, pixels } = decoded;
  return { outcome: "decoded", pipeline: () => sharp(pixels, { raw: { width, height, channels: 3 }, limitInputPixels }) };
}

/** Runs tasks `atOnce` at a time, in order; a task that finds `waiting` others waiting is not run (null). */
function turns({ atOnce, waiting }: { atOnce: number; waiting: number }) {
  let running = 0;
  const queue: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T | null> => {
    if (running < atOnce) running++;
    else if (queue.length >= waiting) return null;
    // A finished task hands its turn straight to the next, so none can slip in between.
    else await new Promise<void>((takeTurn) => queue.push(takeTurn));
    try {
      return await task();
    } finally {
      const next = queue.shift();
      if (next) next();
      else running--;
    }
  };
}

/** Two staff making the same preview at once (two instances) both succeed. */
async function storeOnce(storage: ObjectStorage, key: string, bytes: Buffer): Promise<void> {
  await storage.put(key, Readable.from(bytes)).catch(async (error: unknown) => {
    if (!(await storage.exists(key))) throw error;
  });
}
