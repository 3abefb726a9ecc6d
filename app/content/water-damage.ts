import { claims } from "./claims.ts";
import { tagline } from "./company.ts";
import type { FiveSteps, FourQuestions, TitledText } from "./service-page.ts";

// The water damage page's fixed copy.

export const waterDamageHero = {
  eyebrow: tagline,
  title: "Water Damage Restoration in Philadelphia",
  intro: `Burst pipe, flooded basement or a leak you just found: we answer 24/7, remove the water and dry your home properly. ${claims.criticalHours}`,
} as const;

/** The seven causes. */
export const waterDamageCauses = [
  { title: "Burst Pipes", text: "A split supply line can pour out hundreds of gallons an hour. Shut off the main valve and call us." },
  { title: "Sewage Backup", text: "Contaminated water needs protective gear, safe removal and disinfection, never a shop vacuum." },
  { title: "Basement Flooding", text: "Heavy rain, a failed sump pump or rising groundwater: we pump it out and dry the walls and floor." },
  { title: "Appliance Leaks", text: "Washing machines, dishwashers and refrigerators leak slowly under floors and cabinets, out of sight." },
  { title: "Roof or Storm Damage", text: "We tarp the roof to keep more water out, then dry and repair what the storm let in." },
  { title: "Water Heater Failure", text: "A tank that gives out empties itself onto your floor. We extract the water and dry what it soaked." },
  { title: "Frozen Pipes", text: "Pipes that freeze in a Pennsylvania winter split when they thaw. We come the moment you find the leak." },
] as const satisfies readonly TitledText[];

export const waterDamageProcess = [
  { title: "Emergency Contact", text: `Call any hour: a person answers and a crew is dispatched right away. ${claims.criticalHours}` },
  { title: "Inspection and Assessment", text: "We stop the source, then map the moisture with meters and thermal cameras so nothing wet is missed." },
  { title: "Water Removal", text: "Powerful pumps and extractors remove standing water from floors, carpets and basements." },
  { title: "Drying and Dehumidification", text: "Air movers and dehumidifiers dry the structure; we measure every day until it is truly dry." },
  { title: "Restoration", text: `We repair what the water damaged, from drywall to flooring, back to how it was. ${claims.projectLength}` },
] as const satisfies FiveSteps;

/** Four questions, one answer open at a time. */
export const waterDamageQuestions = [
  {
    question: "How fast can you get here?",
    answer: `We answer 24/7, day and night, weekends and holidays, and send a crew as soon as you call. ${claims.criticalHours}`,
  },
  {
    question: "Will my insurance cover water damage?",
    answer:
      "Most homeowner policies cover sudden damage such as a burst pipe; slow leaks and outside flooding are often treated differently. We review your policy with you, document the damage and bill your insurance company directly.",
  },
  {
    question: "How long does water damage restoration take?",
    answer: `${claims.projectLength} It depends on how much water there was and what it soaked; we measure the moisture every day and tell you where things stand.`,
  },
  {
    question: "Will mold grow after water damage?",
    answer: `It can: ${claims.moldGrowth.toLowerCase()} Fast extraction and thorough drying are what prevent it, and we check for it before we leave.`,
  },
] as const satisfies FourQuestions;

export const waterDamageClosing = {
  title: "Water in Your Home Right Now?",
  text: "Call us now, any hour, or send us photos for a free assessment: a specialist will reach out shortly.",
} as const;
