import busboy from "busboy";
import { fileTypeFromBuffer } from "file-type";
import { createHash, randomUUID } from "node:crypto";
import { pipeline, Readable, Transform } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import sharp from "sharp";
import type { ObjectStorage } from "#server/storage.ts";
import { requestLimits } from "./catalogue.ts";
import { fileProblem, heifContentTypes } from "./files.ts";
import { photosField } from "./submission.ts";

export interface ReceivedFile {
  originalName: string;
  storageKey: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
  /** Order in which the visitor chose it. */
  position: number;
}

export interface Intake {
  fields: Record<string, string>;
  files: ReceivedFile[];
  /** What was wrong with the files, in the visitor's words; empty when all were fine. */
  fileErrors: string[];
  /** Files read past without being stored, because `keepFiles` said no when they began. */
  filesNotKept: number;
}

export interface IntakeOptions {
  /** Asked as each file begins, with the fields that came before it: false reads past the file, storing nothing. */
  keepFiles: (fields: Record<string, string>) => boolean;
  /** The most bytes of files this request may store; past it the intake stops with `OverQuotaError`. */
  maxStoredBytes: number;
}

export class IntakeError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** The files went past `maxStoredBytes`: the caller words the refusal. */
export class OverQuotaError extends Error {}

/** What the bytes must turn out to be; the file's name and the browser's claim do not count. */
const photoContent = new Set(["image/jpeg", "image/png", ...heifContentTypes]);
const acceptedContent = new Set([...photoContent, "application/pdf"]);
/** Kept from each file's start: its type and, for nearly every photo, its whole header. */
const headBytes = 64 * 1024;
/**
 * Photos larger than this are refused: staff could not open them, and decoding one costs the
 * server hundreds of megabytes (an iPhone's 48 MP photo is under it).
 */
export const maxPhotoPixels = 50_000_000;
const maxFields = 20;
const maxFieldBytes = 8 * 1024;
/** Ten full photos plus the text fields and multipart framing. */
export const maxBodyBytes = requestLimits.maxFiles * requestLimits.maxFileBytes + 1024 * 1024;
const bodyTooLarge = () => new IntakeError("The photos are too large to send together (10 files of 10MB at most).", 413);

/**
 * Reads a multipart request as a stream: each photo goes to storage as it arrives, hashed and
 * measured on the way, never whole in memory; limits stop it mid-stream. Files that turn out
 * bad are deleted before this returns; the caller deletes the good ones if it refuses the rest.
 * Our forms send their text fields before their files, so `keepFiles` sees them all.
 */
export async function receiveMultipart(request: Request, storage: ObjectStorage, { keepFiles, maxStoredBytes }: IntakeOptions): Promise<Intake> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data")) {
    throw new IntakeError("Please send the form as multipart/form-data.", 415);
  }
  const declaredLength = Number(request.headers.get("content-length") ?? 0);
  if (declaredLength > maxBodyBytes) throw bodyTooLarge();
  if (!request.body) throw new IntakeError("The form arrived empty.", 400);

  const intake: Intake = { fields: {}, files: [], fileErrors: [], filesNotKept: 0 };
  const pending: Promise<void>[] = [];
  let fileCount = 0;
  let storedBytes = 0;
  let stop: (error: Error) => void = () => {};
  /** Counts a file's bytes on their way to storage; false once the request is past its allowance. */
  const allowStoring = (bytes: number) => {
    storedBytes += bytes;
    if (storedBytes <= maxStoredBytes) return true;
    stop(new OverQuotaError());
    return false;
  };

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      // Keep the name as sent, so a path in it is refused rather than silently cut off.
      preservePath: true,
      // Browsers send file names as UTF-8 bytes (`café-写真.jpg`), not Latin-1.
      defParamCharset: "utf8",
      limits: {
        files: requestLimits.maxFiles,
        // busboy reports the limit as soon as a file reaches it: one byte more lets exactly 10 MB through.
        fileSize: requestLimits.maxFileBytes + 1,
        fields: maxFields,
        fieldSize: maxFieldBytes,
        parts: maxFields + requestLimits.maxFiles + 5,
        headerPairs: 20,
      },
    });
  } catch {
    throw new IntakeError("The form could not be read. Please try again.", 400);
  }

  const body = Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>);
  let receivedBytes = 0;
  const done = new Promise<void>((resolve, reject) => {
    stop = reject;
    // A chunked body declares no length: the cap holds on the bytes that arrive.
    body.on("data", (chunk: Buffer) => {
      receivedBytes += chunk.length;
      if (receivedBytes > maxBodyBytes) reject(bodyTooLarge());
    });
    // A value cut at the field limit is longer than any rule allows, so validation refuses it.
    parser.on("field", (name, value) => {
      intake.fields[name] = value;
    });
    parser.on("file", (name, stream, info) => {
      if (name !== photosField || info.filename === undefined || info.filename === "") {
        stream.resume();
        return;
      }
      if (!keepFiles(intake.fields)) {
        fileCount++;
        intake.filesNotKept++;
        stream.resume();
        return;
      }
      pending.push(storeFile(info.filename, fileCount++, stream, storage, intake, allowStoring));
    });
    parser.on("filesLimit", () => intake.fileErrors.push(`You can send at most ${requestLimits.maxFiles} files.`));
    parser.on("fieldsLimit", () => reject(new IntakeError("The form has more fields than it should.", 400)));
    parser.on("partsLimit", () => reject(new IntakeError("The form has more parts than it should.", 400)));
    parser.on("error", () => reject(new IntakeError("The form could not be read. Please try again.", 400)));
    parser.on("close", resolve);
  });

  body.on("error", (error) => parser.destroy(error));
  body.pipe(parser);
  try {
    await done;
  } catch (error) {
    body.unpipe(parser);
    // Fails a file still arriving, so storage drops its partial copy and `pending` settles.
    parser.destroy();
    await drain(body, receivedBytes);
    await Promise.allSettled(pending);
    await discardFiles(intake.files, storage);
    throw error;
  }
  await Promise.all(pending);
  if (fileCount > requestLimits.maxFiles && !intake.fileErrors.some((message) => message.includes("at most"))) {
    intake.fileErrors.push(`You can send at most ${requestLimits.maxFiles} files.`);
  }
  return intake;
}

async function storeFile(
  originalName: string,
  position: number,
  stream: Readable,
  storage: ObjectStorage,
  intake: Intake,
  allowStoring: (bytes: number) => boolean,
): Promise<void> {
  const nameProblem = fileProblem({ name: originalName, size: 0 });
  if (nameProblem) {
    intake.fileErrors.push(nameProblem);
    stream.resume();
    return;
  }
  const storageKey = `requests/${randomUUID()}`;
  const hash = createHash("sha256");
  const head: Buffer[] = [];
  let headLength = 0;
  let sizeBytes = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (!allowStoring(chunk.length)) return callback(new OverQuotaError());
      hash.update(chunk);
      sizeBytes += chunk.length;
      if (headLength < headBytes) {
        head.push(chunk.subarray(0, headBytes - headLength));
        headLength += Math.min(chunk.length, headBytes - headLength);
      }
      callback(null, chunk);
    },
  });
  let truncated = false;
  stream.on("limit", () => {
    truncated = true;
  });
  // A body cut off mid-file fails the file stream: pipeline passes that on to storage at once,
  // which then rejects (so the callback has nothing left to do).
  await storage.put(
    storageKey,
    pipeline(stream, measure, () => {}),
  );

  const start = Buffer.concat(head);
  const contentType = (await fileTypeFromBuffer(start))?.mime;
  const problem = truncated
    ? `${originalName}: File too large (max 10MB)`
    : sizeBytes === 0
      ? `${originalName}: The file is empty`
      : !contentType || !acceptedContent.has(contentType)
        ? `${originalName}: Unsupported file type`
        : photoContent.has(contentType)
          ? await pixelProblem(originalName, start, sizeBytes > start.length ? async () => Buffer.concat(await storage.get(storageKey).toArray()) : null)
          : null;
  if (problem || !contentType) {
    intake.fileErrors.push(problem ?? `${originalName}: Unsupported file type`);
    await storage.delete(storageKey);
    return;
  }
  intake.files.push({ originalName, storageKey, contentType, sizeBytes, sha256: hash.digest("hex"), position });
}

/**
 * Whether the photo's header says it is too large to decode, or cannot be read: sharp reads the
 * header only (libvips for JPEG and PNG, libheif for HEIC), no pixels. The start of the file is
 * enough for nearly every photo; the whole file is read for one whose header runs longer.
 */
async function pixelProblem(name: string, start: Buffer, readWhole: (() => Promise<Buffer>) | null): Promise<string | null> {
  const pixelsOf = (bytes: Buffer) => sharp(bytes).metadata().then(({ width, height }) => width * height, () => null);
  const pixels = (await pixelsOf(start)) ?? (readWhole && (await pixelsOf(await readWhole())));
  if (pixels === null) return `${name}: The photo could not be read`;
  return pixels > maxPhotoPixels ? `${name}: Photo too large to process (over ${maxPhotoPixels / 1_000_000} megapixels)` : null;
}

/**
 * Reads the rest of a refused body and drops it, up to the size we would have accepted: an
 * answer sent while the browser is still sending is lost when the connection closes. A body
 * already past that size is not read any further.
 */
async function drain(body: Readable, receivedBytes: number): Promise<void> {
  let seen = receivedBytes;
  if (seen > maxBodyBytes) {
    body.pause();
    return;
  }
  try {
    for await (const chunk of body) {
      seen += (chunk as Buffer).length;
      if (seen > maxBodyBytes) break;
    }
  } catch {
    // The visitor went away: nothing left to answer.
  }
}

export async function discardFiles(files: ReceivedFile[], storage: ObjectStorage): Promise<void> {
  await Promise.allSettled(files.map((file) => storage.delete(file.storageKey)));
}
