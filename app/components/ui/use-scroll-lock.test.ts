import { describe, expect, it } from "vitest";
import { createScrollLock, type ScrollRoot } from "./use-scroll-lock.ts";

/** A page's root as the lock sees it: a 1280 px window whose scroll bar takes `scrollbar` pixels. */
function page({ scrollbar = 15, padding = 0, style = { overflow: "", paddingRight: "" } } = {}) {
  const root: ScrollRoot = {
    element: { style, clientWidth: 1280 - scrollbar },
    viewportWidth: () => 1280,
    paddingRight: () => padding,
  };
  return { root, style, lockScroll: createScrollLock(() => root) };
}

describe("createScrollLock", () => {
  it("hides the overflow and pads the root by the scroll bar's width, then restores both", () => {
    const { style, lockScroll } = page({ scrollbar: 17, padding: 8 });
    const release = lockScroll();
    expect(style).toEqual({ overflow: "hidden", paddingRight: "25px" });
    release();
    expect(style).toEqual({ overflow: "", paddingRight: "" });
  });

  it("adds no padding where the scroll bar takes no room (a phone, or a page too short to scroll)", () => {
    const { style, lockScroll } = page({ scrollbar: 0 });
    const release = lockScroll();
    expect(style).toEqual({ overflow: "hidden", paddingRight: "" });
    release();
    expect(style).toEqual({ overflow: "", paddingRight: "" });
  });

  it("puts back the styles the root had before, not empty ones", () => {
    const { style, lockScroll } = page({ style: { overflow: "auto", paddingRight: "4px" }, padding: 4 });
    const release = lockScroll();
    expect(style).toEqual({ overflow: "hidden", paddingRight: "19px" });
    release();
    expect(style).toEqual({ overflow: "auto", paddingRight: "4px" });
  });

  it("keeps the page locked until the last of two overlays lets go, in either order", () => {
    for (const order of [
      [0, 1],
      [1, 0],
    ]) {
      const { style, lockScroll } = page();
      const releases = [lockScroll(), lockScroll()];
      // The second lock measures nothing again: the padding is not doubled.
      expect(style).toEqual({ overflow: "hidden", paddingRight: "15px" });
      releases[order[0] ?? 0]?.();
      expect(style).toEqual({ overflow: "hidden", paddingRight: "15px" });
      releases[order[1] ?? 0]?.();
      expect(style).toEqual({ overflow: "", paddingRight: "" });
    }
  });

  it("counts a release given twice once, so it cannot unlock another overlay's hold", () => {
    const { style, lockScroll } = page();
    const first = lockScroll();
    const second = lockScroll();
    first();
    first();
    expect(style.overflow).toBe("hidden");
    second();
    expect(style.overflow).toBe("");
  });

  it("locks again after everything was released", () => {
    const { style, lockScroll } = page();
    lockScroll()();
    const release = lockScroll();
    expect(style).toEqual({ overflow: "hidden", paddingRight: "15px" });
    release();
    expect(style).toEqual({ overflow: "", paddingRight: "" });
  });
});
