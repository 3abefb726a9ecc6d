import { servedTowns, townSlug } from "./company.ts";

export { townPath, townSlug } from "./company.ts";

export type TownName = (typeof servedTowns)[number];

export interface Town {
  slug: string;
  name: TownName;
  county: string;
  /** Usual drive from our Philadelphia base outside rush hour, in minutes: what the page says about response time. */
  driveMinutes: number;
  /** Served towns close by, by slug: the page links to them. */
  nearby: readonly string[];
}

const details: Record<TownName, Omit<Town, "slug" | "name">> = {
  Philadelphia: { county: "Philadelphia County", driveMinutes: 20, nearby: ["jenkintown", "king-of-prussia", "willow-grove"] },
  Doylestown: { county: "Bucks County", driveMinutes: 55, nearby: ["warrington", "montgomeryville", "lansdale"] },
  Ambler: { county: "Montgomery County", driveMinutes: 35, nearby: ["willow-grove", "lansdale", "norristown"] },
  "King of Prussia": { county: "Montgomery County", driveMinutes: 30, nearby: ["norristown", "west-chester", "philadelphia"] },
  Norristown: { county: "Montgomery County", driveMinutes: 35, nearby: ["king-of-prussia", "ambler", "lansdale"] },
  "West Chester": { county: "Chester County", driveMinutes: 50, nearby: ["king-of-prussia", "norristown"] },
  Montgomeryville: { county: "Montgomery County", driveMinutes: 45, nearby: ["lansdale", "warrington", "doylestown"] },
  Warrington: { county: "Bucks County", driveMinutes: 45, nearby: ["doylestown", "montgomeryville", "hatboro"] },
  Lansdale: { county: "Montgomery County", driveMinutes: 45, nearby: ["montgomeryville", "ambler", "norristown"] },
  Hatboro: { county: "Montgomery County", driveMinutes: 35, nearby: ["willow-grove", "warrington", "jenkintown"] },
  Jenkintown: { county: "Montgomery County", driveMinutes: 25, nearby: ["willow-grove", "philadelphia", "hatboro"] },
  "Willow Grove": { county: "Montgomery County", driveMinutes: 30, nearby: ["hatboro", "jenkintown", "ambler"] },
};

/** The twelve towns of `servedTowns`, in its order, each with its page's facts. */
export const towns: readonly Town[] = servedTowns.map((name) => ({ slug: townSlug(name), name, ...details[name] }));

export function townBySlug(slug: string): Town | undefined {
  return towns.find((town) => town.slug === slug);
}

/** The most a town's intro may hold: a short paragraph, not a page. */
export const townIntroMaxLength = 600;
