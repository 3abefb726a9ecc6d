import { describe, expect, it } from "vitest";
import { callbackPromiseText, callbackState, formatDuration } from "./callback-promise.ts";

describe("the call-back promise", () => {
  it("is stated in hours and minutes", () => {
    expect([1, 45, 60, 90, 120].map(formatDuration)).toEqual(["1 minute", "45 minutes", "1 hour", "1 hour 30 minutes", "2 hours"]);
    expect(callbackPromiseText(60)).toBe("A specialist will call you within 1 hour.");
  });

  it("counts down, never above the promise, and turns overdue once passed", () => {
    const received = new Date("2026-11-23T10:00:00Z");
    const at = (iso: string) => callbackState(received, 60, new Date(iso));
    expect(at("2026-11-23T09:59:50Z")).toEqual({ overdue: false, minutesLeft: 60 });
    expect(at("2026-11-23T10:20:30Z")).toEqual({ overdue: false, minutesLeft: 40 });
    expect(at("2026-11-23T11:00:00Z")).toEqual({ overdue: false, minutesLeft: 0 });
    expect(at("2026-11-23T11:00:01Z")).toEqual({ overdue: true, minutesLate: 1 });
    expect(at("2026-11-23T11:15:00Z")).toEqual({ overdue: true, minutesLate: 15 });
  });
});
