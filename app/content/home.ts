import { claims } from "./claims.ts";

// The home page's fixed copy, one source for every section below the hero.

/** Insurers whose claims we handle, shown as plain wordmarks (names, not their logos). */
export const insurers = [
  "State Farm",
  "Allstate",
  "Liberty Mutual",
  "Nationwide",
  "Travelers",
  "USAA",
  "Erie Insurance",
  "Progressive",
  "Farmers",
] as const;

/** Spec §1's six-point list, in its order. */
export const whyChooseUs = [
  { title: "24/7 rapid response", text: "A person answers day and night, and a crew is on the way while you are still on the phone." },
  { title: "Veteran operated", text: "Military discipline on every job: on time, in uniform, and done right the first time." },
  { title: "Certified and insured", text: "IICRC-trained technicians, fully licensed, bonded and insured, so your home is in safe hands." },
  { title: "Clean and courteous", text: "We protect your floors and furniture, clean up as we go, and treat your home like our own." },
  { title: "Clear communication", text: "You know what we found, what we are doing and what comes next, at every step." },
  { title: "Latest technology", text: "Thermal cameras, moisture meters and commercial drying equipment find and remove every trace of water." },
] as const;

export const processSteps = [
  {
    title: "Mission-ready response",
    text: `Call us any hour and we dispatch a crew right away. ${claims.criticalHours} ${claims.moldGrowth}`,
  },
  {
    title: "Honest assessment",
    text: "We inspect, measure the moisture and damage, and explain the plan and the costs before we start.",
  },
  {
    title: "Back to normal",
    text: `We dry, clean and repair until your home is whole again. ${claims.projectLength}`,
  },
] as const;

export const insuranceAndFinancing = [
  { title: "Direct billing", text: "We bill your insurance company directly and handle the paperwork with the adjuster." },
  { title: "Licensed and bonded", text: "Fully licensed, bonded and insured, with the documentation insurers ask for." },
  {
    title: "No out-of-pocket surprises",
    text: "You see the scope and the costs before work begins, and nothing changes without your say.",
  },
  { title: "100% financing available", text: "Not covered, or waiting on a claim? Apply for financing and start the work now." },
] as const;
