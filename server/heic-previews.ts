import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { PreviewKind } from "./previews.ts";

/**
 * Makes the previews of HEIC photos in worker threads, never on the event loop: libheif in
 * WebAssembly takes seconds for an ordinary phone photo and can take minutes on a crafted one,
 * and its decoded pixels (36 MB for a 12 MP photo) are encoded where they were decoded, so only
 * the small encoded previews reach this thread. A small pool (the machines have 2 cores) with a
 * bounded queue; each photo has a time limit, after which its worker is ended. A worker that
 * failed is replaced, so whatever libheif kept goes with it, and an idle one is ended too:
 * WebAssembly memory only grows while its thread lives.
 */
export interface HeicPreviewMaker {
  make(bytes: Uint8Array): Promise<HeicPreviewResult>;
  /** Ends the workers; photos still waiting answer "busy". */
  close(): Promise<void>;
}

export type HeicPreviews = Record<PreviewKind, Uint8Array<ArrayBuffer>>;

export type HeicPreviewResult =
  /** Both previews, encoded as `previewEncoders` encode them for a HEIC photo. */
  | { outcome: "made"; previews: HeicPreviews }
  /** This file cannot be shown: trying again will not help. */
  | { outcome: "failed"; error: string }
  /** Every worker is taken and the queue is full: try again in a moment. */
  | { outcome: "busy" };

export interface HeicPreviewMakerOptions {
  /** Photos over this many pixels are refused before decoding. */
  maxPixels: number;
  workers?: number;
  /** Photos waiting for a worker; more answer "busy" at once. */
  maxWaiting?: number;
  timeoutMs?: number;
  /** An idle worker is ended after this long. */
  idleMs?: number;
}

export interface HeicWorkerData {
  maxPixels: number;
}

export type HeicWorkerReply = { ok: true; previews: HeicPreviews } | { ok: false; error: string };

/** What each worker's JavaScript heap may use; libheif's WebAssembly memory and sharp's are outside it, bounded by the pixel limit and the timeout. */
const resourceLimits = { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16 };
/** The compiled server (`npm run build`, `build/node/`) has the worker beside it as JavaScript. */
const compiledWorker = new URL("./heic-worker.js", import.meta.url);

/**
 * The worker's start: the compiled JavaScript when there is one, else the TypeScript source
 * through tsx's require hook (development, tests, `npm start`).
 */
function workerEntry(): { entry: string | URL; eval: boolean } {
  if (existsSync(fileURLToPath(compiledWorker))) return { entry: compiledWorker, eval: false };
  const source = `require(${JSON.stringify(createRequire(import.meta.url).resolve("tsx/cjs"))});
require(${JSON.stringify(fileURLToPath(new URL("./heic-worker.ts", import.meta.url)))});`;
  return { entry: source, eval: true };
}

interface Job {
  bytes: Uint8Array;
  settle: (result: HeicPreviewResult) => void;
}

interface Slot {
  worker?: Worker;
  job?: Job;
  timer?: NodeJS.Timeout;
}

export function createHeicPreviewMaker({ maxPixels, workers = 1, maxWaiting = 20, timeoutMs = 20_000, idleMs = 30_000 }: HeicPreviewMakerOptions): HeicPreviewMaker {
  const slots: Slot[] = Array.from({ length: workers }, () => ({}));
  const waiting: Job[] = [];
  let closed = false;

  /** Ends the slot's job with `result`; the worker is ended too when it failed. */
  function finish(slot: Slot, worker: Worker, result: HeicPreviewResult, keepWorker: boolean) {
    const job = slot.job;
    if (slot.worker !== worker || !job) return;
    clearTimeout(slot.timer);
    slot.job = undefined;
    if (keepWorker) {
      worker.unref();
      slot.timer = setTimeout(() => retire(slot, worker), idleMs).unref();
    } else {
      retire(slot, worker);
    }
    job.settle(result);
    next();
  }

  function retire(slot: Slot, worker: Worker) {
    if (slot.worker === worker) slot.worker = undefined;
    void worker.terminate();
  }

  function startWorker(slot: Slot): Worker {
    // None of the process's own flags (a loader, --input-type) apply to this plain CommonJS start.
    const { entry, eval: evaluate } = workerEntry();
    const worker = new Worker(entry, { eval: evaluate, execArgv: [], workerData: { maxPixels } satisfies HeicWorkerData, resourceLimits });
    worker.on("message", (reply: HeicWorkerReply) => {
      const result: HeicPreviewResult = reply.ok ? { outcome: "made", previews: reply.previews } : { outcome: "failed", error: reply.error };
      finish(slot, worker, result, reply.ok);
    });
    // Out of memory, a WebAssembly trap, or any other death of the thread.
    worker.on("error", (error) => finish(slot, worker, { outcome: "failed", error: error.message }, false));
    worker.on("exit", () => {
      finish(slot, worker, { outcome: "failed", error: "The preview worker stopped" }, false);
      if (slot.worker === worker) slot.worker = undefined;
    });
    return worker;
  }

  function next() {
    for (const slot of slots) {
      if (slot.job) continue;
      const job = waiting.shift();
      if (!job) return;
      clearTimeout(slot.timer);
      const worker = (slot.worker ??= startWorker(slot));
      slot.job = job;
      worker.ref();
      slot.timer = setTimeout(
        () => finish(slot, worker, { outcome: "failed", error: `Making the previews took longer than ${timeoutMs / 1000} s` }, false),
        timeoutMs,
      );
      // A copy of its own, so the bytes can be handed over to the worker without copying again.
      const copy = new Uint8Array(job.bytes);
      worker.postMessage(copy, [copy.buffer]);
    }
  }

  return {
    make(bytes) {
      if (closed || waiting.length >= maxWaiting) return Promise.resolve({ outcome: "busy" });
      return new Promise((settle) => {
        waiting.push({ bytes, settle });
        next();
      });
    },
    async close() {
      closed = true;
      for (const job of waiting.splice(0)) job.settle({ outcome: "busy" });
      await Promise.all(
        slots.map((slot) => {
          clearTimeout(slot.timer);
          const worker = slot.worker;
          slot.worker = undefined;
          slot.job?.settle({ outcome: "busy" });
          slot.job = undefined;
          return worker?.terminate();
        }),
      );
    },
  };
}
