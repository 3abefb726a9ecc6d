import { describe, expect, it } from "vitest";
import { downscaleLimits, firstAttempt, needsDownscale, nextAttempt, shrinkToFit, smallestLongSide, type Dimensions } from "./downscale.ts";

const megabytes = (count: number) => Math.round(count * 1024 * 1024);

/** An encoder whose output grows with the pixel count, as real ones roughly do; it records each size asked for. */
function encoderOf(bytesPerPixel: number) {
  const asked: Dimensions[] = [];
  const encode = async (size: Dimensions) => {
    asked.push(size);
    return { size: Math.round(size.width * size.height * bytesPerPixel), ...size };
  };
  return { asked, encode };
}

describe("downscaling photos before upload", () => {
  it("is needed above 2560 px on the long side or above 3 MB, PNG or JPEG alike", () => {
    expect(needsDownscale({ width: 2560, height: 1920 }, downscaleLimits.bytes)).toBe(false);
    expect(needsDownscale({ width: 1920, height: 2561 }, megabytes(1))).toBe(true);
    expect(needsDownscale({ width: 2400, height: 1800 }, downscaleLimits.bytes + 1)).toBe(true);
  });

  it("first fits the long side within 2560 px, keeping the proportions and the orientation", () => {
    expect(firstAttempt({ width: 6000, height: 4000 })).toEqual({ width: 2560, height: 1707 });
    expect(firstAttempt({ width: 3000, height: 4000 })).toEqual({ width: 1920, height: 2560 });
    expect(firstAttempt({ width: 2400, height: 1800 })).toEqual({ width: 2400, height: 1800 });
  });

  it("then shrinks step by step, by 10 % to half a step, never below the smallest long side", () => {
    expect(nextAttempt({ width: 2400, height: 1800 }, downscaleLimits.bytes + 1)).toEqual({ width: 2160, height: 1620 });
    expect(nextAttempt({ width: 2400, height: 1800 }, megabytes(30))).toEqual({ width: 1200, height: 900 });
    expect(nextAttempt({ width: 2400, height: 1800 }, megabytes(5))).toEqual({ width: 1766, height: 1325 });
    expect(nextAttempt({ width: 1100, height: 825 }, megabytes(4))).toEqual({ width: smallestLongSide, height: 768 });
    expect(nextAttempt({ width: smallestLongSide, height: 768 }, megabytes(4))).toBeNull();
  });

  it("makes a PNG over 3 MB but within 2560 px fit under 3 MB", async () => {
    const { asked, encode } = encoderOf(1.3);
    const photo = { width: 2400, height: 1800 };
    const smaller = await shrinkToFit(photo, megabytes(5), encode);
    expect(smaller?.size).toBeLessThanOrEqual(downscaleLimits.bytes);
    expect(asked[0]).toEqual(photo);
    expect(asked.length).toBeGreaterThan(1);
    expect(asked.map(({ width }) => width)).toEqual([...asked.map(({ width }) => width)].sort((a, b) => b - a));
  });

  it("stops at the first size under 3 MB: a JPEG that only needed re-encoding keeps its dimensions", async () => {
    const { asked, encode } = encoderOf(0.5);
    const smaller = await shrinkToFit({ width: 2400, height: 1800 }, megabytes(4), encode);
    expect(asked).toEqual([{ width: 2400, height: 1800 }]);
    expect(smaller).toMatchObject({ width: 2400, height: 1800 });
  });

  it("keeps the smallest copy when even the smallest size is over 3 MB", async () => {
    const { asked, encode } = encoderOf(5);
    const smaller = await shrinkToFit({ width: 2400, height: 1800 }, megabytes(9), encode);
    expect(asked.at(-1)).toEqual({ width: smallestLongSide, height: 768 });
    expect(smaller).toMatchObject({ width: smallestLongSide, height: 768 });
  });

  it("keeps the original when no copy comes out smaller, or the browser cannot encode", async () => {
    // A 6000 × 4000 JPEG compressed harder than we re-encode: every copy would be larger.
    expect(await shrinkToFit({ width: 6000, height: 4000 }, megabytes(0.5), encoderOf(1).encode)).toBeNull();
    expect(await shrinkToFit({ width: 2400, height: 1800 }, megabytes(5), async () => null)).toBeNull();
  });
});
