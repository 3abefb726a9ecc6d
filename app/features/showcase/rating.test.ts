import { describe, expect, it } from "vitest";
import { formatRating, ratingSummary } from "./rating.ts";

const settings = { ratingValue: 5, ratingCount: 150 };

describe("the site's rating", () => {
  it("is the settings' figures while no review is published", () => {
    expect(ratingSummary({ sum: 0, count: 0 }, settings)).toEqual({ value: 5, count: 150, fromReviews: false });
    expect(ratingSummary({ sum: 0, count: 0 }, { ratingValue: 4.7, ratingCount: 12 })).toEqual({
      value: 4.7,
      count: 12,
      fromReviews: false,
    });
  });

  it("is the published reviews' average, to one decimal, and their number once there are any", () => {
    expect(ratingSummary({ sum: 5, count: 1 }, settings)).toEqual({ value: 5, count: 1, fromReviews: true });
    // 5 + 5 + 4 = 14 / 3 = 4.666…
    expect(ratingSummary({ sum: 14, count: 3 }, settings)).toEqual({ value: 4.7, count: 3, fromReviews: true });
    // 4 + 5 = 4.5 exactly, not rounded away
    expect(ratingSummary({ sum: 9, count: 2 }, settings)).toEqual({ value: 4.5, count: 2, fromReviews: true });
    expect(ratingSummary({ sum: 7, count: 7 }, settings)).toEqual({ value: 1, count: 7, fromReviews: true });
  });

  it("is written with one decimal", () => {
    expect(formatRating(5)).toBe("5.0");
    expect(formatRating(4.7)).toBe("4.7");
  });
});
