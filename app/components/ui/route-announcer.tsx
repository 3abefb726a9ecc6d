import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

/** The element a link's `#fragment` names, if the new page has it. */
function hashTarget(hash: string): HTMLElement | null {
  if (hash.length < 2) return null;
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    return null;
  }
}

/** Where reading starts on the new page: the fragment's target if there is one, else the main region. */
function focusNewPage(hash: string) {
  const target = hashTarget(hash) ?? document.querySelector("main");
  if (!target) return;
  // A heading or section named by a fragment takes focus only through a tabindex of its own.
  if (target.tabIndex < 0 && !target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  // The router restores or resets the scroll position itself.
  target.focus({ preventScroll: true });
}

/**
 * After a client-side move to another page, what a full page load gives a screen reader: reading
 * starts at the new page's content, and its title is announced. Not on the first load (the
 * browser does that), and not when only the search or the fragment change (a filter keeps focus).
 * Placed after the page in the document, so the title it reads is the one the page's effects set.
 * A live region without the status role: a page's own status message stays the only one.
 */
export function RouteAnnouncer() {
  const { pathname, hash } = useLocation();
  const shownPath = useRef(pathname);
  const [announcement, setAnnouncement] = useState("");

  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    focusNewPage(hash);
    setAnnouncement(document.title);
  }, [pathname, hash]);

  return (
    <div id="route-announcement" aria-live="polite" aria-atomic="true" className="sr-only">
      {announcement}
    </div>
  );
}
