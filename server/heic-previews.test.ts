import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { gridHeic, randomBytesHeic } from "#tests/support/heic.ts";
import { createHeicPreviewMaker, type HeicPreviewMaker, type HeicPreviewMakerOptions, type HeicPreviewResult } from "./heic-previews.ts";

const photo = readFileSync(path.resolve("tests/fixtures/photo.heic"));
/** The crafted file of the attack: 576 copies of one tile make a 12288 × 12288 photo, 150 megapixels. */
const crafted = gridHeic({ columns: 24, rows: 24 });
const maxPixels = 50_000_000;

/**
 * How late the event loop ran while `work` went on: the longest gap between ticks asked for every
 * 10 ms. A decode on the main thread would stall it for the whole decode.
 */
async function longestStall<T>(work: () => Promise<T>): Promise<{ result: T; stallMs: number }> {
  let last = performance.now();
  let stallMs = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    stallMs = Math.max(stallMs, now - last - 10);
    last = now;
  }, 10);
  try {
    return { result: await work(), stallMs };
  } finally {
    clearInterval(ticker);
  }
}

describe("the HEIC preview pool", () => {
  const makers: HeicPreviewMaker[] = [];
  const maker = (options: Partial<HeicPreviewMakerOptions> = {}) => {
    const made = createHeicPreviewMaker({ maxPixels, ...options });
    makers.push(made);
    return made;
  };
  afterEach(async () => {
    await Promise.all(makers.splice(0).map((made) => made.close()));
  });

  /** Both previews, as encoded images: the 480 px wide WebP thumbnail and the full-size JPEG. */
  const expectMade = async (result: HeicPreviewResult, width: number, height: number) => {
    expect(result.outcome).toBe("made");
    if (result.outcome !== "made") return;
    expect(Object.keys(result.previews).sort()).toEqual(["thumbnail", "viewable"]);
    const thumbnailWidth = Math.min(width, 480);
    expect(await sharp(result.previews.thumbnail).metadata()).toMatchObject({ format: "webp", width: thumbnailWidth, height: Math.round((height * thumbnailWidth) / width) });
    expect(await sharp(result.previews.viewable).metadata()).toMatchObject({ format: "jpeg", width, height });
  };

  it("makes a WebP thumbnail and a JPEG copy of the primary image of a HEIC photo", async () => {
    const result = await maker().make(photo);
    await expectMade(result, 64, 48);
    // The fixture is red.
    const { dominant } = await sharp(result.outcome === "made" ? result.previews.viewable : Buffer.alloc(0)).stats();
    expect(dominant.r).toBeGreaterThan(150);
    expect(dominant.g).toBeLessThan(100);
    expect(dominant.b).toBeLessThan(100);
  });

  it("hands this thread only the encoded previews, never the decoded pixels", async () => {
    // 2048 × 1536: 9.4 MB of RGB in the worker.
    const result = await maker({ timeoutMs: 60_000 }).make(gridHeic({ columns: 4, rows: 3 }));
    await expectMade(result, 2048, 1536);
    if (result.outcome !== "made") return;
    for (const preview of Object.values(result.previews)) {
      // Each is a buffer of its own, not a view into a larger one that came along.
      expect(preview.buffer.byteLength).toBe(preview.byteLength);
      expect(preview.byteLength).toBeLessThan((2048 * 1536 * 3) / 10);
    }
  }, 90_000);

  it("refuses the crafted 12288 × 12288 photo from its header at once, and decodes the next photo", async () => {
    const heic = maker();
    const started = performance.now();
    expect(await heic.make(crafted)).toEqual({ outcome: "failed", error: "The photo is 12288 × 12288 pixels, over the limit of 50000000" });
    expect(performance.now() - started).toBeLessThan(5_000);
    await expectMade(await heic.make(photo), 64, 48);
  });

  it("lets libheif refuse a grid larger than its header says, before it takes the memory", async () => {
    const understated = gridHeic({ columns: 24, rows: 24, declared: { width: 512, height: 512 } });
    const result = await maker().make(understated);
    expect(result.outcome).toBe("failed");
    expect(result.outcome === "failed" && result.error).toMatch(/Security limit exceeded: Image size 12288x12288 exceeds the maximum image size/);
  });

  it("answers a file of random bytes behind a HEIC header as failed, and decodes the next photo with a fresh worker", async () => {
    const heic = maker();
    const result = await heic.make(randomBytesHeic(2 * 1024 * 1024));
    expect(result).toMatchObject({ outcome: "failed", error: expect.stringMatching(/Invalid input/) });
    await expectMade(await heic.make(photo), 64, 48);
  });

  it("ends a decode that runs past its time limit, the event loop running all along, and decodes the next photo", async () => {
    // With the pixel limit raised, the crafted photo takes tens of seconds to decode.
    const heic = maker({ maxPixels: 200_000_000, timeoutMs: 3_000 });
    const { result, stallMs } = await longestStall(() => heic.make(crafted));
    expect(result).toEqual({ outcome: "failed", error: "Making the previews took longer than 3 s" });
    expect(stallMs).toBeLessThan(1_000);
    await expectMade(await heic.make(photo), 64, 48);
  });

  it("answers busy at once when every worker is taken and the queue is full", async () => {
    const heic = maker({ workers: 1, maxWaiting: 1 });
    const first = heic.make(photo);
    const second = heic.make(photo);
    expect(await heic.make(photo)).toEqual({ outcome: "busy" });
    await expectMade(await first, 64, 48);
    await expectMade(await second, 64, 48);
  });

  it("answers busy once closed", async () => {
    const heic = maker();
    await heic.close();
    expect(await heic.make(photo)).toEqual({ outcome: "busy" });
  });

  it("does not keep a process alive once it is idle", async () => {
    const script = `
      import { readFileSync } from "node:fs";
      import { createHeicPreviewMaker } from "#server/heic-previews.ts";
      const result = await createHeicPreviewMaker({ maxPixels: ${maxPixels} }).make(readFileSync("tests/fixtures/photo.heic"));
      console.log(result.outcome);`;
    const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { timeout: 20_000 });
    expect(stdout.trim()).toBe("made");
  });
});
