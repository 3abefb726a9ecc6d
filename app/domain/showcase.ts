/**
 * The kinds of work a project or a review can be filed under, so a service page can show its own.
 * Keys are stored; labels are what staff and visitors read. Empty means none in particular.
 */
export const showcaseServices = {
  water: "Water damage",
  fire: "Fire and smoke damage",
  mold: "Mold remediation",
  storm: "Storm damage",
  sewage: "Sewage backup",
  commercial: "Commercial restoration",
} as const;
export type ShowcaseService = keyof typeof showcaseServices;
export const showcaseServiceKeys = Object.keys(showcaseServices) as ShowcaseService[];

/** What the editors' choices read, the blank choice included. */
export const serviceLabels: Readonly<Record<string, string>> = { "": "None in particular", ...showcaseServices };
export const townLabels: Readonly<Record<string, string>> = { "": "No town in particular" };

export function showcaseServiceLabel(key: string): string | undefined {
  return Object.hasOwn(showcaseServices, key) ? showcaseServices[key as ShowcaseService] : undefined;
}

/** Publication state of an item the office manages: only published items reach public pages. */
export const publicationStatuses = ["draft", "published"] as const;
export type PublicationStatus = (typeof publicationStatuses)[number];
