/** Each editor's toast messages, word for word; every editor's follow one pattern. */
export const editorMessages = {
  hero: {
    saved: "Hero content updated successfully!",
    failed: "Failed to update hero content. Please try again.",
  },
  "trust-badges": {
    saved: "Trust badges section updated successfully!",
    failed: "Failed to update trust badges section. Please try again.",
  },
  settings: {
    saved: "Site settings updated successfully!",
    failed: "Failed to update site settings. Please try again.",
  },
  mission: {
    saved: "Mission content updated successfully!",
    failed: "Failed to update mission content. Please try again.",
  },
  services: {
    saved: "Services updated successfully!",
    failed: "Failed to update services. Please try again.",
  },
  notifications: {
    saved: "Office notifications updated successfully!",
    failed: "Failed to update office notifications. Please try again.",
  },
  towns: {
    saved: "Town pages updated successfully!",
    failed: "Failed to update town pages. Please try again.",
  },
  projects: {
    saved: "Projects updated successfully!",
    failed: "Failed to update projects. Please try again.",
  },
  reviews: {
    saved: "Reviews updated successfully!",
    failed: "Failed to update reviews. Please try again.",
  },
} as const;
