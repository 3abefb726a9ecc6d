/** The company's identity when nothing else is known: the seed's values and the fallback when the database fails. */
export const defaultCompany = {
  name: "Service Ready Restoration",
  phone: "(215) 555-0142",
  officeEmail: "office@serviceready.example",
  address: "1200 Example Street, Philadelphia, PA 19107",
  emergencyMessage: "Your Emergency is Our Mission.",
} as const;

/** The rating shown while no review is published (the LocalBusiness figures), until the office edits it. */
export const defaultRating = { ratingValue: 5, ratingCount: 150 } as const;

export type CompanySettings = { -readonly [Key in keyof typeof defaultCompany]: string };

export const tagline = "VETERAN OPERATED. SERVICE READY.";

/** A dialable `tel:` address for a US number written for people, e.g. "(215) 555-0142" → "tel:+12155550142". */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  if (digits.length === 10) return `tel:+1${digits}`;
  if (digits.length === 11 && digits.startsWith("1")) return `tel:+${digits}`;
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

export const serviceArea = "Philadelphia, Bucks County and Montgomery County";

/** The twelve towns the company serves, listed on the service pages. */
export const servedTowns = [
  "Philadelphia",
  "Doylestown",
  "Ambler",
  "King of Prussia",
  "Norristown",
  "West Chester",
  "Montgomeryville",
  "Warrington",
  "Lansdale",
  "Hatboro",
  "Jenkintown",
  "Willow Grove",
] as const;

/** A town's address part: "King of Prussia" → "king-of-prussia". */
export function townSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** A served town's page. */
export const townPath = (town: { slug: string } | { name: string }) => `/areas/${"slug" in town ? town.slug : townSlug(town.name)}`;

export type ServedTown = (typeof servedTowns)[number];
