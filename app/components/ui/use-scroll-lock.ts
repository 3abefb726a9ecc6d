import { useEffect, type RefObject } from "react";

/** What locking the page's scroll touches: its root element and the window's width. */
export type ScrollRoot = {
  element: { style: { overflow: string; paddingRight: string }; clientWidth: number };
  /** The window's inner width, the scroll bar included. */
  viewportWidth(): number;
  /** The root element's computed right padding, in pixels. */
  paddingRight(): number;
};

/** Gives back a lock for a release function. Releasing twice counts once. */
export type LockScroll = () => () => void;

/**
 * A reference-counted scroll lock: the page stops scrolling with the first holder and scrolls
 * again with the last release, so two overlays never unlock each other. `overflow: hidden` on the
 * root keeps the scroll position (no `position: fixed` jump, and iOS Safari honours it); the
 * scroll bar's width goes into the root's padding while it is hidden, so nothing shifts sideways.
 */
export function createScrollLock(root: () => ScrollRoot): LockScroll {
  let holders = 0;
  let saved: { overflow: string; paddingRight: string } | null = null;

  const lock = () => {
    const { element, viewportWidth, paddingRight } = root();
    const scrollbarWidth = viewportWidth() - element.clientWidth;
    saved = { overflow: element.style.overflow, paddingRight: element.style.paddingRight };
    if (scrollbarWidth > 0) element.style.paddingRight = `${paddingRight() + scrollbarWidth}px`;
    element.style.overflow = "hidden";
  };

  const unlock = () => {
    const { element } = root();
    if (saved) Object.assign(element.style, saved);
    saved = null;
  };

  return () => {
    if (holders++ === 0) lock();
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      if (--holders === 0) unlock();
    };
  };
}

/** The page's own lock: one per document, shared by every overlay. */
export const lockScroll: LockScroll = createScrollLock(() => ({
  element: document.documentElement,
  viewportWidth: () => window.innerWidth,
  paddingRight: () => Number.parseFloat(getComputedStyle(document.documentElement).paddingRight) || 0,
}));

/**
 * Holds the page still while a `<dialog>` is open, however it opens or closes: a command button
 * before hydration, `showModal()`, Escape, a link inside it, or its component unmounting.
 */
export function useDialogScrollLock(dialog: RefObject<HTMLDialogElement | null>) {
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    let release: (() => void) | null = null;
    const follow = () => {
      if (element.open && !release) release = lockScroll();
      if (!element.open && release) {
        release();
        release = null;
      }
    };
    follow();
    const observer = new MutationObserver(follow);
    observer.observe(element, { attributes: true, attributeFilter: ["open"] });
    return () => {
      observer.disconnect();
      release?.();
    };
  }, [dialog]);
}
