import { commercialRestorationPage } from "./commercial-restoration.ts";
import { sewageBackupPage } from "./sewage-backup.ts";
import { stormDamagePage } from "./storm-damage.ts";

/**
 * Every service page, in the order menus and footers list them. `service` is the key other
 * sections filter their content by (projects and reviews of that service).
 */
export const servicePageLinks = [
  { service: "water", label: "Water Damage Restoration", path: "/water-damage-restoration" },
  { service: "fire-mold", label: "Fire, Smoke and Mold", path: "/fire-mold-restoration" },
  { service: "storm", label: stormDamagePage.name, path: stormDamagePage.path },
  { service: "sewage", label: sewageBackupPage.name, path: sewageBackupPage.path },
  { service: "commercial", label: commercialRestorationPage.name, path: commercialRestorationPage.path },
] as const;

export type ServicePageKey = (typeof servicePageLinks)[number]["service"];

/** The pages rendered from `ServicePageCopy` by one component. */
export const generatedServicePages = { storm: stormDamagePage, sewage: sewageBackupPage, commercial: commercialRestorationPage } as const;

/** The guides that sit beside the service pages. */
export const guideLinks = [
  { label: "Financing", path: "/financing" },
  { label: "Insurance Claim Guide", path: "/insurance-claims" },
] as const;
