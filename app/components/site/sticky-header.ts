/**
 * Scroll margin for an anchor's target, so it lands below the sticky header: one row of about
 * 60 px on every screen (the top bar above it scrolls away).
 */
export const belowStickyHeader = "scroll-mt-20";
