import { claims } from "./claims.ts";
import { tagline } from "./company.ts";
import { insuranceAndFinancing } from "./home.ts";
import type { FiveSteps, FourQuestions, TitledText } from "./service-page.ts";

// The fire and mold page's fixed copy.

export const fireMoldHero = {
  eyebrow: tagline,
  title: "Fire, Smoke and Mold Restoration in Philadelphia",
  intro: `After a fire, or when you find mold, we secure your property, clean it safely and bring it back to how it was. We answer 24/7. ${claims.moldGrowth}`,
} as const;

/** Six fire services. */
export const fireServices = [
  { title: "Emergency Board-Up and Tarping", text: "We secure broken windows, doors and roofs the same day to keep out weather and intruders." },
  { title: "Soot and Smoke Removal", text: "Soot is acidic and stains quickly. We clean it from walls, ceilings and surfaces before it sets." },
  { title: "Smoke Odor Elimination", text: "We remove the odor at its source with deodorizing treatments, not by covering it up." },
  { title: "Water Removal After Firefighting", text: "We extract and dry the water the fire department left behind before it causes damage of its own." },
  { title: "Contents Cleaning and Pack-Out", text: "We inventory, pack and clean your belongings, and store them safely while we work." },
  { title: "Reconstruction", text: "From framing to paint, we rebuild the damaged areas so you deal with one company from start to finish." },
] as const satisfies readonly TitledText[];

/** Six mold services. */
export const moldServices = [
  { title: "Mold Inspection", text: "We find where the mold is and the moisture that feeds it, including behind walls and under floors." },
  { title: "Containment", text: "Sealed work areas and negative air pressure keep spores from spreading to the rest of the building." },
  { title: "HEPA Air Filtration", text: "HEPA air scrubbers capture airborne spores while we work and after we finish." },
  { title: "Safe Mold Removal", text: "We remove mold-damaged materials and clean affected surfaces following industry standards." },
  { title: "Antimicrobial Treatment", text: "Treated surfaces resist new growth in the areas where mold was removed." },
  { title: "Moisture Control and Prevention", text: "We fix the moisture problem behind the mold, so it does not come back." },
] as const satisfies readonly TitledText[];

export const fireMoldProcess = [
  { title: "Emergency Contact", text: "Call any hour: a person answers and a crew is on the way while you are still on the phone." },
  { title: "Inspection and Assessment", text: "We inspect the fire, smoke, water or mold damage and explain the plan and the costs before we start." },
  { title: "Secure and Contain", text: "We board up and tarp after a fire, and seal off mold, so the damage stops spreading." },
  { title: "Cleaning and Removal", text: "We remove soot, smoke odor and mold, and clean or pack out your belongings." },
  { title: "Restoration", text: `We repair and rebuild until the property is whole again. ${claims.projectLength}` },
] as const satisfies FiveSteps;

const [directBilling, , , financing] = insuranceAndFinancing;

/** Insurance help: the home page's billing and financing promises, with what a fire or mold claim needs besides. */
export const fireMoldInsuranceHelp = [
  directBilling,
  { title: "Complete documentation", text: "Photos, readings and an itemized list of damaged belongings: everything your adjuster asks for." },
  { title: "We meet your adjuster", text: "We walk the property with your adjuster, so nothing is missed from the claim." },
  financing,
] as const satisfies readonly TitledText[];

/** Four questions, shown with their answers. */
export const fireMoldQuestions = [
  {
    question: "Is it safe to stay in my home after a fire?",
    answer:
      "Not always: soot, smoke residue and damaged wiring can make rooms unsafe. We assess the home on our first visit and tell you plainly where you can stay.",
  },
  {
    question: "Can smoke odor really be removed?",
    answer: "Yes. We clean soot from every surface and treat the odor at its source, so it does not return on the next humid day.",
  },
  {
    question: "How fast does mold grow?",
    answer: `${claims.moldGrowth} Call us as soon as you find water or a musty smell, and do not disturb visible mold yourself.`,
  },
  {
    question: "Does insurance cover fire and mold damage?",
    answer:
      "Most homeowner policies cover fire damage. Mold is usually covered when a covered event, such as a burst pipe, caused it. We document everything and bill your insurance company directly.",
  },
] as const satisfies FourQuestions;

export const fireMoldClosing = {
  title: "Fire, Smoke or Mold? Get Help Now",
  text: "Call us now, any hour, or send us photos for a free assessment: a specialist will reach out shortly.",
} as const;
