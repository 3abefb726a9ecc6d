import { describe, expect, it } from "vitest";
import { describeShownSlides } from "./carousel-position.ts";

describe("describeShownSlides", () => {
  it("names the one slide in view on a phone", () => {
    expect(describeShownSlides(0, 1, 5, "services")).toBe("Showing 1 of 5 services");
    expect(describeShownSlides(4, 1, 5, "services")).toBe("Showing 5 of 5 services");
  });

  it("names the range when several fit", () => {
    expect(describeShownSlides(1, 3, 5, "services")).toBe("Showing 2 to 4 of 5 services");
  });

  it("wraps past the last slide as a looping carousel does", () => {
    expect(describeShownSlides(4, 2, 5, "services")).toBe("Showing 5 and 1 of 5 services");
    expect(describeShownSlides(3, 4, 5, "services")).toBe("Showing 4 to 5 and 1 to 2 of 5 services");
  });

  it("says all when every slide fits", () => {
    expect(describeShownSlides(0, 4, 4, "services")).toBe("Showing all 4 services");
  });
});
