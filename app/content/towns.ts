import { servedTowns } from "./company.ts";

export type TownName = (typeof servedTowns)[number];

export interface Town {
  slug: string;
  name: TownName;
  county: string;
  /** Usual drive from our Philadelphia base outside rush hour, in minutes: what the page says about response time. */
  driveMinutes: number;
  /** Served towns close by, by slug: the page links to them. */
  nearby: readonly string[];
  /** The intro the site starts with; the office edits it in the admin (an empty one leaves the page without one). */
  defaultIntro: string;
}

/** A town's address part: "King of Prussia" → "king-of-prussia". */
export function townSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

const details: Record<TownName, Omit<Town, "slug" | "name">> = {
  Philadelphia: {
    county: "Philadelphia County",
    driveMinutes: 20,
    nearby: ["jenkintown", "king-of-prussia", "willow-grove"],
    defaultIntro:
      "Philadelphia is home: our base is in Center City. Rowhouses share walls, so a burst pipe or a fire next door often becomes your problem too, and older basements take in water in every heavy rain. We work on the block you live on, with the neighbours in mind.",
  },
  Doylestown: {
    county: "Bucks County",
    driveMinutes: 55,
    nearby: ["warrington", "montgomeryville", "lansdale"],
    defaultIntro:
      "Doylestown's older stone and frame houses need careful drying: plaster walls, original floors and fieldstone foundations react to water differently from modern drywall. We dry them slowly and measure them every day.",
  },
  Ambler: {
    county: "Montgomery County",
    driveMinutes: 35,
    nearby: ["willow-grove", "lansdale", "norristown"],
    defaultIntro:
      "Ambler sits along the Wissahickon Creek, and after a big storm the water finds basements and first floors near it. We pump out, dry and clean up after creek flooding, and help you document it for your insurance.",
  },
  "King of Prussia": {
    county: "Montgomery County",
    driveMinutes: 30,
    nearby: ["norristown", "west-chester", "philadelphia"],
    defaultIntro:
      "In King of Prussia we work in apartments, townhouses and offices as much as in houses. A leak in a multi-unit building rarely stays in one unit: we trace it, dry every unit it reached and keep the property manager informed.",
  },
  Norristown: {
    county: "Montgomery County",
    driveMinutes: 35,
    nearby: ["king-of-prussia", "ambler", "lansdale"],
    defaultIntro:
      "Norristown's older twins and rowhomes near the Schuylkill River see basement water, old plumbing failures and the odd sewage backup. We handle all three, and bill your insurance company directly.",
  },
  "West Chester": {
    county: "Chester County",
    driveMinutes: 50,
    nearby: ["king-of-prussia", "norristown"],
    defaultIntro:
      "West Chester is the far edge of our area, and we still answer 24/7. From historic homes in the borough to newer developments around it, we tarp, dry and rebuild after water, fire and storm damage.",
  },
  Montgomeryville: {
    county: "Montgomery County",
    driveMinutes: 45,
    nearby: ["lansdale", "warrington", "doylestown"],
    defaultIntro:
      "In Montgomeryville we see finished basements flooded by failed sump pumps, and businesses along the main roads with roof leaks after a storm. Both get the same 24/7 answer and the same careful drying.",
  },
  Warrington: {
    county: "Bucks County",
    driveMinutes: 45,
    nearby: ["doylestown", "montgomeryville", "hatboro"],
    defaultIntro:
      "Warrington's family homes often have finished basements and large attics, the two places storm water and burst pipes do the most hidden damage. We find the moisture with meters and thermal cameras before it turns into mold.",
  },
  Lansdale: {
    county: "Montgomery County",
    driveMinutes: 45,
    nearby: ["montgomeryville", "ambler", "norristown"],
    defaultIntro:
      "In Lansdale we clean up after burst pipes, appliance leaks and kitchen fires in homes of every age, from the borough's older houses to the newer neighbourhoods around it.",
  },
  Hatboro: {
    county: "Montgomery County",
    driveMinutes: 35,
    nearby: ["willow-grove", "warrington", "jenkintown"],
    defaultIntro:
      "Hatboro's homes sit near the Pennypack Creek, and heavy rain can bring water into basements. We remove it, dry the structure and check for mold before we leave.",
  },
  Jenkintown: {
    county: "Montgomery County",
    driveMinutes: 25,
    nearby: ["willow-grove", "philadelphia", "hatboro"],
    defaultIntro:
      "Jenkintown is one of the closest towns to our base. Its older homes have plaster walls and original woodwork that deserve careful drying, and we give them that.",
  },
  "Willow Grove": {
    county: "Montgomery County",
    driveMinutes: 30,
    nearby: ["hatboro", "jenkintown", "ambler"],
    defaultIntro:
      "In Willow Grove we help homeowners and the businesses along Easton and York Roads after water, fire, mold and storm damage, around the clock.",
  },
};

/** Spec §3's twelve towns, in its order, each with its page's facts. */
export const towns: readonly Town[] = servedTowns.map((name) => ({ slug: townSlug(name), name, ...details[name] }));

export function townBySlug(slug: string): Town | undefined {
  return towns.find((town) => town.slug === slug);
}

export const townPath = (town: Pick<Town, "slug">) => `/areas/${town.slug}`;

/** The most a town's intro may hold: a short paragraph, not a page. */
export const townIntroMaxLength = 600;
