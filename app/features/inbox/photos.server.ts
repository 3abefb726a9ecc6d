import { and, eq, isNull } from "drizzle-orm";
import { Readable } from "node:stream";
import sharp from "sharp";
import { maxPhotoPixels } from "#app/features/service-request/intake.server.ts";
import { isHeif } from "#app/features/service-request/files.ts";
import type { Database } from "#server/db/client.ts";
import { serviceRequestPhotos } from "#server/db/schema.ts";
import type { HeicPreviewMaker } from "#server/heic-previews.ts";
import type { Logger } from "#server/logger.ts";
import { previewEncoders, type PreviewKind } from "#server/previews.ts";
import type { ObjectStorage } from "#server/storage.ts";
import { thumbnailKey, viewableKey } from "./inbox.server.ts";

export { thumbnailWidth, viewableTypeOf, type PreviewKind } from "#server/previews.ts";

/** Photos staff can see: sharp reads JPEG and PNG; HEIC (HEVC, which sharp's build lacks) goes through libheif in a worker. */
const sharpReadable = new Set(["image/jpeg", "image/png"]);
export const previewUnavailableMessage = "Preview not available — download the original";

export function hasThumbnail(contentType: string): boolean {
  return sharpReadable.has(contentType) || isHeif(contentType);
}

export interface PreviewDependencies {
  db: Database;
  storage: ObjectStorage;
  heicPreviews: HeicPreviewMaker;
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
 * tried again. "busy": every HEIC worker is taken, try again shortly.
 */
export type PreviewState = "ready" | "unavailable" | "busy";
const storageKeyOf: Record<PreviewKind, (photoId: string) => string> = { thumbnail: thumbnailKey, viewable: viewableKey };

/** Previews being made in this process, so staff opening one photo twice at once decode it once. */
const making = new Map<string, Promise<PreviewState>>();
/**
 * Making a 12 MP photo's previews takes a core for a second or more and holds its 36 MB of
 * pixels (in a worker for HEIC): one photo at a time leaves the machine's other core to the event
 * loop. Past `waiting`, staff are asked to try again.
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

async function makePreviews({ db, storage, heicPreviews, logger }: PreviewDependencies, photo: PreviewPhoto, kinds: PreviewKind[]): Promise<PreviewState> {
  const bytes = Buffer.concat(await storage.get(photo.storageKey).toArray());
  const made = await encodedPreviews(heicPreviews, photo.contentType, bytes, kinds);
  if (made.outcome === "busy") return "busy";
  if (made.outcome === "failed") {
    await db
      .update(serviceRequestPhotos)
      .set({ previewFailedAt: new Date(), previewError: made.error.slice(0, 500) })
      .where(and(eq(serviceRequestPhotos.id, photo.id), isNull(serviceRequestPhotos.previewFailedAt)));
    logger.warn({ photoId: photo.id, reason: made.error }, "No preview can be made of this photo; staff are offered the original");
    return "unavailable";
  }
  await Promise.all(made.previews.map(({ kind, bytes: preview }) => storeOnce(storage, storageKeyOf[kind](photo.id), preview)));
  return "ready";
}

type Encoded = { outcome: "made"; previews: { kind: PreviewKind; bytes: Uint8Array }[] } | { outcome: "failed"; error: string } | { outcome: "busy" };

/**
 * The photo's previews of `kinds`: a HEIC photo's both, made in a worker from one decode; a JPEG's
 * or PNG's here, by sharp (which decodes them as it runs, on libuv's threads), upright.
 */
async function encodedPreviews(heicPreviews: HeicPreviewMaker, contentType: string, bytes: Buffer, kinds: PreviewKind[]): Promise<Encoded> {
  if (isHeif(contentType)) {
    const made = await heicPreviews.make(bytes);
    return made.outcome === "made" ? { outcome: "made", previews: kinds.map((kind) => ({ kind, bytes: made.previews[kind] })) } : made;
  }
  const pipeline = () => sharp(bytes, { failOn: "error", limitInputPixels: maxPhotoPixels }).rotate();
  try {
    return { outcome: "made", previews: await Promise.all(kinds.map(async (kind) => ({ kind, bytes: await previewEncoders[kind](pipeline(), contentType) }))) };
  } catch (error) {
    return { outcome: "failed", error: error instanceof Error ? error.message : String(error) };
  }
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
async function storeOnce(storage: ObjectStorage, key: string, bytes: Uint8Array): Promise<void> {
  // A Buffer, which Readable.from sends whole (a Uint8Array it would send byte by byte).
  await storage.put(key, Readable.from(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))).catch(async (error: unknown) => {
    if (!(await storage.exists(key))) throw error;
  });
}
