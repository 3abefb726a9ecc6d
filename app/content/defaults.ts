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

/**
 * Why choose us: the six-point list, in the order `claims.ts` states them. One content for every page that shows it
 * (the home page, the service pages, `/homepage2`), edited at `/admin/mission`.
 */
export const defaultReasons = {
  headline: "Why Choose Us",
  subheadline: "When water is on the floor or smoke is in the air, you need people who show up, tell you the truth and finish the job.",
  reasons: [
    {
      text: "24/7 rapid response",
      icon: "clock",
      detail: "A person answers day and night, and a crew is on the way while you are still on the phone.",
    },
    { text: "Veteran operated", icon: "shield", detail: "Military discipline on every job: on time, in uniform, and done right the first time." },
    {
      text: "Certified and insured",
      icon: "check",
      detail: "IICRC-trained technicians, fully licensed, bonded and insured, so your home is in safe hands.",
    },
    {
      text: "Clean and courteous",
      icon: "star",
      detail: "We protect your floors and furniture, clean up as we go, and treat your home like our own.",
    },
    { text: "Clear communication", icon: "check", detail: "You know what we found, what we are doing and what comes next, at every step." },
    {
      text: "Latest technology",
      icon: "star",
      detail: "Thermal cameras, moisture meters and commercial drying equipment find and remove every trace of water.",
    },
  ],
} as const;
