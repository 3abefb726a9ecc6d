import { tagline } from "./company.ts";

/** Editable content as first seeded, and what public pages show when the database cannot answer. */
export const defaultHero = {
  title: "24/7 Emergency Property Restoration in Philadelphia",
  subtitle: tagline,
  description:
    "Water, fire, smoke, mold and storm damage handled by a veteran-operated crew that answers day and night and arrives ready to work.",
  buttonText: "GET A FREE ASSESSMENT",
  backgroundImageUrl: null,
  backgroundImageAlt: "",
  backgroundImagePlaceholder: "",
  storyImageUrl: null,
  storyImageAlt: "",
  storyImagePlaceholder: "",
} as const;

export const defaultTrustBadgesSection = {
  headline: "TRUSTED BY OUR AREA'S BEST",
  description:
    "Certified by the restoration industry, rated five stars by our neighbors,\nand trusted by the trades we work beside every day.",
} as const;

export const defaultTrustBadges = [
  { name: "5.0 Star Reviews", logoUrl: "/badges/five-star-reviews.svg" },
  { name: "IICRC Certified Firm", logoUrl: "/badges/iicrc-certified.svg" },
  { name: "EPA Lead-Safe Certified", logoUrl: "/badges/epa-lead-safe.svg" },
  { name: "Keystone Plumbing Co.", logoUrl: "/badges/keystone-plumbing.svg" },
  { name: "Liberty Roofing", logoUrl: "/badges/liberty-roofing.svg" },
  { name: "Delaware Valley Electric", logoUrl: "/badges/delaware-valley-electric.svg" },
] as const;

export const defaultReasons = {
  headline: "Why Choose Service Ready",
  subheadline: "Six reasons property owners across the area call us first.",
  reasons: [
    { text: "24/7 rapid response", icon: "clock" },
    { text: "Veteran operated", icon: "shield" },
    { text: "Certified and insured", icon: "check" },
    { text: "Clean and courteous crews", icon: "star" },
    { text: "Clear communication at every step", icon: "check" },
    { text: "The latest drying and detection technology", icon: "star" },
  ],
} as const;
