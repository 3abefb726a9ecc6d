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
