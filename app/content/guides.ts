import { claims } from "./claims.ts";
import type { Question, TitledText } from "./service-page.ts";

// The financing page's and the insurance claim guide's fixed copy.

interface Guide {
  path: string;
  title: string;
  intro: string;
}

export const financingPage = {
  path: "/financing",
  title: "Financing for Restoration Work",
  intro:
    "Damage does not wait for payday, and a claim can take weeks to settle. We offer 100% financing, so the water comes out and the repairs start now, whether or not insurance covers all of it.",
  howItWorks: [
    {
      title: "Tell us you want financing",
      text: 'Ask on the phone, or send the request form from this page: it says "financing" for you.',
    },
    { title: "We assess the damage", text: "A free assessment, with the scope and the costs in writing before any work begins." },
    {
      title: "You apply",
      text: "We walk you through a short application and tell you the terms plainly, with no obligation to accept them.",
    },
    { title: "The work starts", text: `Emergency work never waits for the answer: we stop the damage first. ${claims.projectLength}` },
  ],
  whenItHelps: [
    { title: "Waiting on a claim", text: "Start the repairs now and settle once the insurer pays." },
    { title: "Your deductible", text: "Spread the part your policy leaves to you over time." },
    { title: "Work insurance does not cover", text: "Slow leaks, upgrades or repairs outside your policy, paid in installments." },
    { title: "No insurance at all", text: "Restoration and rebuilding financed in full, so nobody lives with damage while they save." },
  ],
  prepare: [
    "A photo ID of the person applying",
    "Your address and how long you have owned or rented it",
    "Your income, roughly: employer or other sources",
    "Your insurance company and claim number, if you have a claim",
    "Photos of the damage, if you can take them safely",
  ],
  questions: [
    {
      question: "Does applying cost anything?",
      answer: "No. The assessment is free, and applying for financing commits you to nothing.",
    },
    {
      question: "Can I combine financing with my insurance claim?",
      answer:
        "Yes. Many customers finance only their deductible, or the part of the work their policy does not cover, while we bill the insurance company directly for the rest.",
    },
    {
      question: "Will you wait for approval before stopping the damage?",
      answer: `No. ${claims.criticalHours} We extract water, tarp and board up first; financing is settled alongside.`,
    },
  ],
} as const satisfies Guide & {
  howItWorks: readonly TitledText[];
  whenItHelps: readonly TitledText[];
  prepare: readonly string[];
  questions: readonly Question[];
};

export const insuranceGuidePage = {
  path: "/insurance-claims",
  title: "Your Insurance Claim, Step by Step",
  intro:
    "Most people file a property claim once or twice in their life. Here is what to do, in order, so the claim covers what it should and nothing is missed. We do most of it with you.",
  firstHours: [
    {
      title: "Make it safe",
      text: "Get people and pets out of danger. Shut off the water, and the power to wet areas if you can do it safely.",
    },
    {
      title: "Stop further damage",
      text: "Your policy expects it: call us to extract water, tarp the roof or board up. Keep the receipts.",
    },
    { title: "Call your insurer", text: "Report the loss and write down the claim number, the adjuster's name and their phone number." },
    {
      title: "Do not throw things out yet",
      text: "Damaged items are evidence. Move them somewhere dry, or leave them for the adjuster to see.",
    },
  ],
  documenting: [
    {
      title: "Photos and video before cleanup",
      text: "Every room, wide and close up, with the water line, the ceiling stains and the source of the damage.",
    },
    {
      title: "A list of damaged belongings",
      text: "What it is, roughly when you bought it and what it cost. Receipts and bank statements help.",
    },
    {
      title: "Moisture readings",
      text: "We record moisture readings every day we dry: proof of how far the water went and when it was dry.",
    },
    { title: "Every expense", text: "Hotel nights, meals and emergency purchases may be covered under additional living expenses." },
  ],
  adjuster: [
    {
      title: "Be there for the visit",
      text: "Walk the adjuster through every room. We can be there too, with our photos, readings and scope.",
    },
    { title: "Ask what is covered", text: "Ask in writing what the policy covers and why, if something is refused." },
    { title: "Compare the scopes", text: "If the adjuster's estimate misses damage we found, we send them our documentation." },
    { title: "Keep a record", text: "Write down every call: the date, who you spoke to and what they said." },
  ],
  directBilling: [
    {
      title: "We bill your insurer",
      text: "You sign an authorization, and we send our invoice and documentation to the insurance company directly.",
    },
    {
      title: "You pay your deductible",
      text: "Your part is the deductible and anything the policy does not cover, agreed before the work.",
    },
    { title: "No surprises", text: "You see the scope and the costs before work begins, and nothing changes without your say." },
    { title: "Financing for the rest", text: "Your deductible or uncovered work can be financed: see the financing page." },
  ],
} as const satisfies Guide & {
  firstHours: readonly TitledText[];
  documenting: readonly TitledText[];
  adjuster: readonly TitledText[];
  directBilling: readonly TitledText[];
};
