/** The company's claims, worded once and quoted by every page that makes them. */
export const claims = {
  criticalHours: "The first 24-48 hours are critical.",
  moldGrowth: "Mold can start growing within 24-48 hours of water damage.",
  projectLength: "Most projects take 3-7 days.",
} as const;
