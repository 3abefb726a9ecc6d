/** The services the company offers, as listed in the footer and on the home page. */
export const services = [
  { slug: "water", title: "Water Damage Restoration", summary: "Extraction, drying and repair after burst pipes, leaks and floods." },
  { slug: "fire", title: "Fire & Smoke Damage", summary: "Board-up, soot and odor removal, and rebuilding after a fire." },
  { slug: "mold", title: "Mold Remediation", summary: "Containment, safe removal and moisture control to keep mold away." },
  { slug: "storm", title: "Storm Damage", summary: "Tarping, water removal and repairs after wind, hail and heavy rain." },
] as const;

/** The main navigation, shown in the menu drawer: real links, unlike the spec's plain text. */
export const mainNavigation = [
  { label: "Home", href: "/" },
  { label: "Services", href: "/#services" },
  { label: "About Us", href: "/#about" },
  { label: "Contact", href: "#contact" },
] as const;
