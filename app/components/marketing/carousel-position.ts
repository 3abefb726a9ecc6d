/**
 * What a carousel shows, in words for its live region: "Showing 2 to 4 of 5 services". `first` is
 * the first slide in view (from 0), `inView` how many fit; a looping carousel wraps past the last
 * slide ("Showing 5 and 1 of 5 services").
 */
export function describeShownSlides(first: number, inView: number, total: number, noun: string): string {
  if (inView >= total) return `Showing all ${total} ${noun}`;
  const start = first + 1;
  const end = start + Math.max(inView, 1) - 1;
  const ranges: [number, number][] = end <= total ? [[start, end]] : [[start, total], [1, end - total]];
  const shown = ranges.map(([from, to]) => (from === to ? `${from}` : `${from} to ${to}`)).join(" and ");
  return `Showing ${shown} of ${total} ${noun}`;
}
