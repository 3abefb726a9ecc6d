import { claims } from "./claims.ts";
import { serviceArea, tagline } from "./company.ts";
import type { ServicePageCopy } from "./service-page.ts";
import { servicePageLink } from "./services.ts";

const link = servicePageLink("sewage");

/** The sewage backup page's fixed copy. */
export const sewageBackupPage = {
  path: link.path,
  name: link.label,
  seo: {
    title: "Sewage Backup Cleanup in Philadelphia, 24/7",
    description: `Sewage in the basement or coming up a drain: safe removal, disinfection and drying across ${serviceArea}. Protective gear, proper disposal, and a person who answers 24/7.`,
    keywords: [
      "sewage backup cleanup",
      "sewage cleanup",
      "basement sewage",
      "toilet overflow",
      "category 3 water",
      "disinfection",
      "Philadelphia",
    ],
  },
  hero: {
    eyebrow: tagline,
    title: "Sewage Backup Cleanup in Philadelphia",
    intro:
      "Sewage carries bacteria and viruses: it is not a job for a mop and a shop vacuum. We arrive in protective gear, remove it safely, disinfect and dry, and tell you plainly what has to go and what can be saved.",
  },
  sections: [
    {
      id: "causes-title",
      title: "Why Sewage Backs Up",
      intro: "Sewage comes up through the lowest drain in the house, usually a floor drain, a basement toilet or a shower.",
      items: [
        {
          title: "Blocked Sewer Lateral",
          text: "Grease, wipes and debris build up in the pipe between the house and the street until nothing gets through.",
        },
        { title: "Tree Roots", text: "Roots find the joints of older clay and cast-iron pipes and grow until they close them." },
        { title: "Overloaded City Sewers", text: "In a heavy storm, combined sewers fill up and push water back into basements." },
        { title: "Failed Sump or Ejector Pump", text: "When the pump in a basement bathroom or laundry stops, waste has nowhere to go." },
        {
          title: "Collapsed or Broken Pipes",
          text: "Old pipes crack, sag or collapse, and the waste backs up or leaks into the soil and the walls.",
        },
        {
          title: "Toilet Overflows",
          text: "A clogged toilet on an upper floor soaks the floor, the ceiling below and everything under it.",
        },
      ],
    },
    {
      id: "services-title",
      title: "How We Clean It Up",
      intro: "Sewage is category 3 water: the most contaminated there is. We treat it that way from the first minute.",
      items: [
        {
          title: "Safe Removal",
          text: "Crews in protective gear pump out the sewage and dispose of it properly, never down another drain.",
        },
        {
          title: "Removal of Soaked Materials",
          text: "Carpet, pad, drywall and insulation that sewage touched cannot be cleaned safely: we remove and bag them.",
        },
        {
          title: "Cleaning and Disinfection",
          text: "Every hard surface is cleaned, then treated with disinfectants made for sewage contamination.",
        },
        { title: "Structural Drying", text: "Air movers and dehumidifiers dry the walls and floor, measured daily until they are dry." },
        { title: "Odor Removal", text: "We remove the source of the smell and treat the air, rather than covering it with perfume." },
        { title: "Rebuilding", text: "New drywall, insulation and flooring once the area is clean and dry, by the same crew." },
      ],
      tinted: true,
    },
  ],
  process: [
    { title: "Emergency Contact", text: "Call any hour: a person answers, tells you what to do while you wait, and sends a crew." },
    { title: "Contain the Area", text: "We stop people and air from carrying contamination to the rest of the house." },
    { title: "Remove and Discard", text: "Sewage out, and what it soaked removed, listed and photographed for your insurance." },
    { title: "Disinfect and Dry", text: "Surfaces cleaned and disinfected; the structure dried and checked with moisture meters." },
    { title: "Restore", text: `We rebuild what was removed, so the room is usable again. ${claims.projectLength}` },
  ],
  questions: [
    {
      question: "Can I clean up a sewage backup myself?",
      answer:
        "We advise against it. Sewage carries bacteria and viruses that soak into porous materials, and ordinary cleaners do not make them safe. Keep children and pets out of the area, do not run water down the drains, and call us.",
    },
    {
      question: "Is it safe to stay in the house?",
      answer:
        "Usually, if the affected area is closed off and nobody walks through it. We check on our first visit and tell you plainly; if the backup reached living areas, we may recommend staying elsewhere until it is cleaned.",
    },
    {
      question: "Does insurance cover sewage backup?",
      answer:
        "Many homeowner policies cover it only with a sewer or water backup endorsement, so check yours or let us read it with you. We document the damage and bill your insurance company directly.",
    },
    {
      question: "Can my carpet and belongings be saved?",
      answer: `Hard items such as metal, glass and sealed plastic can usually be cleaned and disinfected. Carpet, pad and soaked upholstery usually cannot. ${claims.moldGrowth}`,
    },
  ],
  closing: {
    title: "Sewage in Your Home Right Now?",
    text: "Keep everyone away from it and call us now, any hour, or send us photos for a free assessment: a specialist will reach out shortly.",
  },
} as const satisfies ServicePageCopy;
