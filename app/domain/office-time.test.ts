import { describe, expect, it } from "vitest";
import { formatReceived } from "./office-time.ts";

const now = new Date("2026-07-11T02:30:00Z");
const before = (milliseconds: number) => new Date(now.getTime() - milliseconds);
const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;
const day = 24 * hour;

/** ICU may put a narrow no-break space before AM/PM; the reader sees a space either way. */
const received = (date: Date) => formatReceived(date, now).replace(/\s/g, " ");

describe("formatReceived", () => {
  it("says just now under a minute, then minutes, hours and days", () => {
    expect(received(now)).toBe("just now");
    expect(received(before(59 * second))).toBe("just now");
    expect(received(before(minute))).toBe("1 minute ago");
    expect(received(before(59 * minute + 59 * second))).toBe("59 minutes ago");
    expect(received(before(hour))).toBe("1 hour ago");
    expect(received(before(23 * hour + 59 * minute))).toBe("23 hours ago");
    expect(received(before(day))).toBe("yesterday");
    expect(received(before(7 * day - minute))).toBe("6 days ago");
  });

  it("gives the exact date and time in the office's time zone from 7 days on", () => {
    // 02:30 UTC on 4 July is still the evening of 3 July in Philadelphia.
    expect(received(before(7 * day))).toBe("Jul 3, 2026, 10:30 PM");
    expect(received(new Date("2026-01-15T17:05:00Z"))).toBe("Jan 15, 2026, 12:05 PM");
  });
});
