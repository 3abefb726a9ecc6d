import { townSlug } from "./company.ts";
import type { TownName } from "./towns.ts";

/**
 * Each town page's intro as the site starts: the office edits them at /admin/towns (an empty one
 * leaves the page without one). Read on the server only; the pages get the intro from their loader.
 */
const intros: Record<TownName, string> = {
  Philadelphia:
    "Philadelphia is home: our base is in Center City. Rowhouses share walls, so a burst pipe or a fire next door often becomes your problem too, and older basements take in water in every heavy rain. We work on the block you live on, with the neighbours in mind.",
  Doylestown:
    "Doylestown's older stone and frame houses need careful drying: plaster walls, original floors and fieldstone foundations react to water differently from modern drywall. We dry them slowly and measure them every day.",
  Ambler:
    "Ambler sits along the Wissahickon Creek, and after a big storm the water finds basements and first floors near it. We pump out, dry and clean up after creek flooding, and help you document it for your insurance.",
  "King of Prussia":
    "In King of Prussia we work in apartments, townhouses and offices as much as in houses. A leak in a multi-unit building rarely stays in one unit: we trace it, dry every unit it reached and keep the property manager informed.",
  Norristown:
    "Norristown's older twins and rowhomes near the Schuylkill River see basement water, old plumbing failures and the odd sewage backup. We handle all three, and bill your insurance company directly.",
  "West Chester":
    "West Chester is the far edge of our area, and we still answer 24/7. From historic homes in the borough to newer developments around it, we tarp, dry and rebuild after water, fire and storm damage.",
  Montgomeryville:
    "In Montgomeryville we see finished basements flooded by failed sump pumps, and businesses along the main roads with roof leaks after a storm. Both get the same 24/7 answer and the same careful drying.",
  Warrington:
    "Warrington's family homes often have finished basements and large attics, the two places storm water and burst pipes do the most hidden damage. We find the moisture with meters and thermal cameras before it turns into mold.",
  Lansdale:
    "In Lansdale we clean up after burst pipes, appliance leaks and kitchen fires in homes of every age, from the borough's older houses to the newer neighbourhoods around it.",
  Hatboro:
    "Hatboro's homes sit near the Pennypack Creek, and heavy rain can bring water into basements. We remove it, dry the structure and check for mold before we leave.",
  Jenkintown:
    "Jenkintown is one of the closest towns to our base. Its older homes have plaster walls and original woodwork that deserve careful drying, and we give them that.",
  "Willow Grove":
    "In Willow Grove we help homeowners and the businesses along Easton and York Roads after water, fire, mold and storm damage, around the clock.",
};

export function defaultTownIntro(slug: string): string {
  return Object.entries(intros).find(([name]) => townSlug(name) === slug)?.[1] ?? "";
}
