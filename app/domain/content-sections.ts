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
