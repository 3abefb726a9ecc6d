import type { ServiceIcon } from "#app/domain/icons.ts";
import { claims } from "./claims.ts";

/** A services card as the public pages show it; staff edit everything but the slug and the link. */
export interface ServiceCard {
  slug: string;
  icon: ServiceIcon;
  title: string;
  subtitle: string;
  /** The home page's short text. */
  summary: string;
  description: string;
  subcategories: string[];
  featured: boolean;
  imageUrl: string | null;
  /** The page that tells more; fixed, because the pages are. */
  href: string;
}

/**
 * The services the company offers, as first seeded: the footer's list, the home trio (the first
 * three) and the carousel's cards. Also what the public pages show when the database cannot answer.
 */
export const defaultServices = [
  {
    slug: "water",
    icon: "water",
    title: "Water Damage Restoration",
    subtitle: "Leaks, bursts and floods",
    summary: "Extraction, drying and repair after burst pipes, leaks and floods.",
    description: "We remove the water, dry the structure with professional equipment and monitor it until it is truly dry.",
    subcategories: ["Water extraction", "Structural drying", "Sewage cleanup", "Basement flooding"],
    featured: false,
    imageUrl: null,
    href: "/water-damage-restoration",
  },
  {
    slug: "fire",
    icon: "fire",
    title: "Fire & Smoke Damage",
    subtitle: "Soot, smoke and rebuilding",
    summary: "Board-up, soot and odor removal, and rebuilding after a fire.",
    description: "We secure the property the same day, then clean soot and smoke from the structure and your belongings.",
    subcategories: ["Emergency board-up", "Soot and smoke removal", "Odor elimination", "Reconstruction"],
    featured: true,
    imageUrl: null,
    href: "/fire-mold-restoration",
  },
  {
    slug: "mold",
    icon: "mold",
    title: "Mold Remediation",
    subtitle: "Find it, contain it, remove it",
    summary: "Containment, safe removal and moisture control to keep mold away.",
    description: `${claims.moldGrowth} We find the source and remove mold safely.`,
    subcategories: ["Mold inspection", "Containment", "Safe removal", "Moisture control"],
    featured: false,
    imageUrl: null,
    href: "/fire-mold-restoration#mold-title",
  },
  {
    slug: "storm",
    icon: "storm",
    title: "Storm Damage",
    subtitle: "Wind, hail and heavy rain",
    summary: "Tarping, water removal and repairs after wind, hail and heavy rain.",
    description: "We tarp roofs and board windows to stop further damage, then dry and repair what the storm let in.",
    subcategories: ["Roof tarping", "Window board-up", "Water removal", "Storm repairs"],
    featured: false,
    imageUrl: null,
    href: "/storm-damage-restoration",
  },
] satisfies ServiceCard[];

/** Each card has exactly this many subcategories. */
export const subcategoriesPerService = 4;

/** The main navigation, shown in the menu drawer: real links, unlike the spec's plain text. */
export const mainNavigation = [
  { label: "Home", href: "/" },
  { label: "Services", href: "/#services" },
  { label: "Areas We Serve", href: "/areas" },
  { label: "About Us", href: "/#about" },
  { label: "Contact", href: "#contact" },
] as const;

/**
 * Every service page, in the order menus and footers list them, and the guides beside them. Kept
 * here, with the cards, rather than beside the pages' copy: the header and footer of every page
 * need the links, never the copy. `service` is the key other sections filter their content by.
 */
export const servicePageLinks = [
  { service: "water", label: "Water Damage Restoration", path: "/water-damage-restoration" },
  { service: "fire-mold", label: "Fire, Smoke and Mold", path: "/fire-mold-restoration" },
  { service: "storm", label: "Storm Damage Restoration", path: "/storm-damage-restoration" },
  { service: "sewage", label: "Sewage Backup Cleanup", path: "/sewage-backup-cleanup" },
  { service: "commercial", label: "Commercial Restoration", path: "/commercial-restoration" },
] as const;
export type ServicePageKey = (typeof servicePageLinks)[number]["service"];

export function servicePageLink<Key extends ServicePageKey>(service: Key) {
  const link = servicePageLinks.find((page): page is Extract<(typeof servicePageLinks)[number], { service: Key }> => page.service === service);
  if (!link) throw new Error(`No page for the service ${service}`);
  return link;
}

export const guideLinks = [
  { label: "Financing", path: "/financing" },
  { label: "Insurance Claim Guide", path: "/insurance-claims" },
] as const;
