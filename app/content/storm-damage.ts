import { claims } from "./claims.ts";
import { serviceArea, tagline } from "./company.ts";
import type { ServicePageCopy } from "./service-page.ts";
import { servicePageLink } from "./services.ts";

const link = servicePageLink("storm");

/** The storm damage page's fixed copy. */
export const stormDamagePage = {
  path: link.path,
  name: link.label,
  seo: {
    title: "Storm Damage Repair and Roof Tarping in Philadelphia, 24/7",
    description: `Wind, hail or a fallen tree: emergency roof tarping, board-up, water removal and repairs across ${serviceArea}. We answer 24/7 and bill your insurance directly.`,
    keywords: [
      "storm damage repair",
      "emergency roof tarping",
      "wind damage",
      "hail damage",
      "fallen tree damage",
      "board-up",
      "Philadelphia",
    ],
  },
  hero: {
    eyebrow: tagline,
    title: "Storm Damage Restoration in Philadelphia",
    intro: `A storm can open your roof, break windows and send water where it never belongs. We tarp and board up the same day, then dry and repair what the storm let in. ${claims.criticalHours}`,
  },
  sections: [
    {
      id: "causes-title",
      title: "What Storms Do to a Home",
      intro: "Most storm damage starts small and spreads with the next rain. These are the calls we get after a bad night.",
      items: [
        {
          title: "Wind-Torn Roofs",
          text: "Lifted shingles and torn flashing let rain into the attic, the insulation and the ceilings below.",
        },
        {
          title: "Fallen Trees and Limbs",
          text: "A tree through the roof or a wall needs the opening closed before anything else can be fixed.",
        },
        { title: "Hail Damage", text: "Hail cracks shingles, skylights and siding; the leaks often show up days later." },
        { title: "Broken Windows and Doors", text: "Glass and frames blown in leave the house open to rain and to strangers." },
        {
          title: "Flooded Basements",
          text: "Heavy rain overwhelms gutters, sump pumps and grading, and the water finds the lowest floor.",
        },
        { title: "Wind-Driven Rain", text: "Rain forced sideways through siding, vents and window seals soaks the walls from the inside." },
      ],
    },
    {
      id: "services-title",
      title: "Our Storm Damage Services",
      intro: "One crew, from the first tarp to the last repair, so you are not calling three companies while it rains.",
      items: [
        {
          title: "Emergency Roof Tarping",
          text: "Heavy tarps fastened over the damaged area keep the next rain out until the roof is repaired.",
        },
        { title: "Board-Up", text: "Broken windows and doors are covered the same day, against weather and intruders." },
        {
          title: "Water Removal and Drying",
          text: "We extract the water that came in and dry the structure with commercial equipment, measured daily.",
        },
        {
          title: "Debris and Tree Removal",
          text: "We clear what the storm brought in, so the damage can be measured and repaired safely.",
        },
        { title: "Storm Repairs", text: "Roofs, ceilings, drywall, siding and flooring repaired by the same company that dried them." },
        { title: "Claim Documentation", text: "Photos, moisture readings and an itemized scope of the damage, ready for your adjuster." },
      ],
      tinted: true,
    },
  ],
  process: [
    {
      title: "Emergency Contact",
      text: "Call any hour, even while the storm is still passing: a person answers and a crew is dispatched.",
    },
    { title: "Make It Safe", text: "We check for downed lines and structural danger, then tarp the roof and board the openings." },
    {
      title: "Assess and Document",
      text: "We inspect roof, walls and contents, photograph everything and explain the plan and the costs.",
    },
    { title: "Dry and Clean Up", text: "Water out, debris out, and the structure dried until the readings say it is truly dry." },
    { title: "Repair", text: `We rebuild what the storm damaged, inside and out. ${claims.projectLength}` },
  ],
  questions: [
    {
      question: "Should I wait for the adjuster before calling you?",
      answer:
        "No. Your policy expects you to prevent further damage, and a tarp or a board-up is exactly that. We photograph everything before we start, so the adjuster sees the damage as the storm left it.",
    },
    {
      question: "Is storm damage covered by homeowner's insurance?",
      answer:
        "Wind, hail and fallen trees are usually covered. Flooding from rising outside water usually needs separate flood insurance. We review your policy with you, document the damage and bill your insurance company directly.",
    },
    {
      question: "How fast can you tarp my roof?",
      answer: `We answer 24/7 and send a crew as soon as you call, day or night. ${claims.criticalHours} Water that keeps coming in does the most damage.`,
    },
    {
      question: "A tree fell on my house. What should I do right now?",
      answer:
        "Get everyone out of the rooms under it, stay away from any downed power lines and call the utility if wires are involved. Then call us: we remove the tree from the structure and close the opening.",
    },
  ],
  closing: {
    title: "Storm Damage? Stop It From Getting Worse",
    text: "Call us now, any hour, or send us photos for a free assessment: a specialist will reach out shortly.",
  },
} as const satisfies ServicePageCopy;
