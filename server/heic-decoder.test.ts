import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { gridHeic, randomBytesHeic } from "#tests/support/heic.ts";
import { createHeicDecoder, type HeicDecoder, type HeicDecoderOptions, type HeicDecodeResult } from "./heic-decoder.ts";

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

describe("the HEIC decoder pool", () => {
  const decoders: HeicDecoder[] = [];
  const decoder = (options: Partial<HeicDecoderOptions> = {}) => {
    const made = createHeicDecoder({ maxPixels, ...options });
    decoders.push(made);
    return made;
  };
  afterEach(async () => {
    await Promise.all(decoders.splice(0).map((made) => made.close()));
  });

  const expectDecoded = (result: HeicDecodeResult, width: number, height: number) => {
    expect(result).toMatchObject({ outcome: "decoded", width, height });
    if (result.outcome === "decoded") expect(result.pixels.length).toBe(width * height * 3);
  };

  it("decodes the primary image of a HEIC photo to RGB", async () => {
    const result = await decoder().decode(photo);
    expectDecoded(result, 64, 48);
    // The fixture is red.
    const [red = 0, green = 0, blue = 0] = result.outcome === "decoded" ? result.pixels : [];
    expect(red).toBeGreaterThan(150);
    expect(green).toBeLessThan(100);
    expect(blue).toBeLessThan(100);
  });

  it("refuses the crafted 12288 × 12288 photo from its header at once, and decodes the next photo", async () => {
    const heic = decoder();
    const started = performance.now();
    expect(await heic.decode(crafted)).toEqual({ outcome: "failed", error: "The photo is 12288 × 12288 pixels, over the limit of 50000000" });
    expect(performance.now() - started).toBeLessThan(5_000);
    expectDecoded(await heic.decode(photo), 64, 48);
  });

  it("lets libheif refuse a grid larger than its header says, before it takes the memory", async () => {
    const understated = gridHeic({ columns: 24, rows: 24, declared: { width: 512, height: 512 } });
    const result = await decoder().decode(understated);
    expect(result.outcome).toBe("failed");
    expect(result.outcome === "failed" && result.error).toMatch(/Security limit exceeded: Image size 12288x12288 exceeds the maximum image size/);
  });

  it("answers a file of random bytes behind a HEIC header as failed, and decodes the next photo with a fresh worker", async () => {
    const heic = decoder();
    const result = await heic.decode(randomBytesHeic(2 * 1024 * 1024));
    expect(result).toMatchObject({ outcome: "failed", error: expect.stringMatching(/Invalid input/) });
    expectDecoded(await heic.decode(photo), 64, 48);
  });

  it("ends a decode that runs past its time limit, the event loop running all along, and decodes the next photo", async () => {
    // With the pixel limit raised, the crafted photo takes tens of seconds to decode.
    const heic = decoder({ maxPixels: 200_000_000, timeoutMs: 3_000 });
    const { result, stallMs } = await longestStall(() => heic.decode(crafted));
    expect(result).toEqual({ outcome: "failed", error: "Decoding took longer than 3 s" });
    expect(stallMs).toBeLessThan(1_000);
    expectDecoded(await heic.decode(photo), 64, 48);
  });

  it("answers busy at once when every worker is taken and the queue is full", async () => {
    const heic = decoder({ workers: 1, maxWaiting: 1 });
    const first = heic.decode(photo);
    const second = heic.decode(photo);
    expect(await heic.decode(photo)).toEqual({ outcome: "busy" });
    expectDecoded(await first, 64, 48);
    expectDecoded(await second, 64, 48);
  });

  it("answers busy once closed", async () => {
    const heic = decoder();
    await heic.close();
    expect(await heic.decode(photo)).toEqual({ outcome: "busy" });
  });

  it("does not keep a process alive once it is idle", async () => {
    const script = `
      import { readFileSync } from "node:fs";
      import { createHeicDecoder } from "#server/heic-decoder.ts";
      const result = await createHeicDecoder({ maxPixels: ${maxPixels} }).decode(readFileSync("tests/fixtures/photo.heic"));
      console.log(result.outcome);`;
    const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { timeout: 20_000 });
    expect(stdout.trim()).toBe("decoded");
  });
});
