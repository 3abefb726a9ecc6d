import type { ReasonIcon } from "./icons.ts";

/** The site's editable content, one editor each; revisions and the audit log name them. */
export const contentSections = ["hero", "trust-badges", "settings", "mission", "services", "notifications", "towns", "projects", "reviews"] as const;
export type ContentSection = (typeof contentSections)[number];

export const contentSectionLabels: Record<ContentSection, string> = {
  hero: "Hero",
  "trust-badges": "Trust badges",
  settings: "Site settings",
  mission: "Mission (why choose us)",
  services: "Services",
  notifications: "Office notifications",
  towns: "Town pages",
  projects: "Projects",
  reviews: "Reviews",
};

/** How a revision came to be: the content as it was before the first save, a save, or a restore of an older revision. */
export const revisionKinds = ["initial", "save", "restore"] as const;
export type RevisionKind = (typeof revisionKinds)[number];

/** The editable sections' content as public pages show it (stored in their tables, defaults in the fixed copy). */
export interface Hero {
  title: string;
  subtitle: string;
  description: string;
  buttonText: string;
  backgroundImageUrl: string | null;
  backgroundImageAlt: string;
  backgroundImagePlaceholder: string;
  storyImageUrl: string | null;
  storyImageAlt: string;
  storyImagePlaceholder: string;
}

export interface TrustBadge {
  name: string;
  logoUrl: string;
}

export interface TrustBadges {
  headline: string;
  description: string;
  badges: TrustBadge[];
}

export interface Reason {
  text: string;
  icon: ReasonIcon;
  /** A sentence under the reason (the home page shows it); older rows have none. */
  detail?: string;
}

export interface Reasons {
  headline: string;
  subheadline: string;
  reasons: Reason[];
}
