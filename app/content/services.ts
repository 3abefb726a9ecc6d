import { claims } from "./claims.ts";

export type ServiceIcon = "water" | "fire" | "mold" | "storm";

/** The services the company offers: the footer's list and the services carousel's cards. */
export const services = [
  {
    slug: "water",
    icon: "water",
    title: "Water Damage Restoration",
    subtitle: "Leaks, bursts and floods",
    summary: "Extraction, drying and repair after burst pipes, leaks and floods.",
    description: "We remove the water, dry the structure with professional equipment and monitor it until it is truly dry.",
    subcategories: ["Water extraction", "Structural drying", "Sewage cleanup", "Basement flooding"],
    featured: false,
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
    href: "/fire-mold-restoration",
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
    href: "/water-damage-restoration",
  },
] as const satisfies readonly {
  slug: string;
  icon: ServiceIcon;
  title: string;
  subtitle: string;
  summary: string;
  description: string;
  subcategories: readonly [string, string, string, string];
  featured: boolean;
  href: string;
}[];

export type Service = (typeof services)[number];

/** The main navigation, shown in the menu drawer: real links, unlike the spec's plain text. */
export const mainNavigation = [
  { label: "Home", href: "/" },
  { label: "Services", href: "/#services" },
  { label: "About Us", href: "/#about" },
  { label: "Contact", href: "#contact" },
] as const;
