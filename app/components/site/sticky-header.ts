/**
 * Scroll margin for an anchor's target, so it lands below the sticky header: on a phone the header
 * holds two rows of buttons and is about 200 px tall, on a desktop under 100 px.
 */
export const belowStickyHeader = "scroll-mt-52 md:scroll-mt-28";
