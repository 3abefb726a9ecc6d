import { claims } from "./claims.ts";
import { serviceArea, tagline } from "./company.ts";
import type { ServicePageCopy } from "./service-page.ts";
import { servicePageLink } from "./services.ts";

const link = servicePageLink("commercial");

/** The commercial restoration page's fixed copy. */
export const commercialRestorationPage = {
  path: link.path,
  name: link.label,
  seo: {
    title: "Commercial Water, Fire and Mold Restoration in Philadelphia",
    description: `Offices, shops, restaurants, apartments and warehouses: 24/7 water, fire, mold and storm restoration across ${serviceArea}, planned around your business hours.`,
    keywords: [
      "commercial restoration",
      "commercial water damage",
      "business fire damage",
      "property manager restoration",
      "24/7 commercial cleanup",
      "Philadelphia",
    ],
  },
  hero: {
    eyebrow: tagline,
    title: "Commercial Restoration in Philadelphia",
    intro: `Every hour a business stays closed costs money. We answer 24/7, stop the damage, and plan the drying and repairs around your tenants, customers and staff. ${claims.criticalHours}`,
  },
  sections: [
    {
      id: "properties-title",
      title: "Properties We Work In",
      intro: "From a corner shop to a warehouse floor, we size the crew and the equipment to the building.",
      items: [
        { title: "Offices", text: "Wet carpet tiles, soaked ceiling tiles and damp walls dried with the least disruption to your staff." },
        {
          title: "Retail and Restaurants",
          text: "Kitchens, sales floors and stockrooms cleaned and dried so you can reopen as soon as it is safe.",
        },
        {
          title: "Apartment Buildings",
          text: "A leak upstairs rarely stays in one unit. We trace it, dry every unit it reached and keep tenants informed.",
        },
        {
          title: "Warehouses and Industrial",
          text: "Large floors and high ceilings dried with commercial equipment; stock moved and protected.",
        },
        {
          title: "Schools and Churches",
          text: "Work planned around classes and services, with the building safe for the people who use it.",
        },
        {
          title: "Medical and Professional Offices",
          text: "Containment and clean air for spaces where people are already unwell or records must be protected.",
        },
      ],
    },
    {
      id: "services-title",
      title: "What We Do for Businesses",
      intro: "Water, fire, smoke, mold, storm and sewage: the same services as for homes, at the scale of your building.",
      items: [
        { title: "Water Extraction and Drying", text: "Truck-mounted extraction and large drying systems for floors, walls and ceilings." },
        { title: "Fire and Smoke Cleanup", text: "Board-up, soot removal and smoke odor treatment for the building and its contents." },
        { title: "Mold Remediation", text: "Containment, HEPA filtration and safe removal, with the moisture source fixed." },
        { title: "Storm and Sewage Response", text: "Roofs tarped, openings boarded, sewage removed and the area disinfected." },
        { title: "Contents and Records", text: "Furniture, equipment, stock and paper records packed out, cleaned and returned." },
        { title: "Reconstruction", text: "Repairs and rebuilding by the same company, so one team answers for the whole job." },
      ],
      tinted: true,
    },
  ],
  process: [
    { title: "Emergency Contact", text: "Call any hour: a person answers and a crew is dispatched, nights and weekends included." },
    { title: "Site Assessment", text: "We walk the property with you or your facility manager, map the damage and agree on priorities." },
    { title: "Stabilize", text: "We stop the source, extract water, board up or contain, so the damage stops spreading." },
    { title: "Dry, Clean and Restore", text: "Work is scheduled around your hours where it can be, with daily readings and updates." },
    { title: "Rebuild and Hand Back", text: `Repairs finished and a final walk-through with you before we leave. ${claims.projectLength}` },
  ],
  questions: [
    {
      question: "Can you work while the business stays open?",
      answer:
        "Often, yes. We contain the affected area, keep walkways safe and schedule the noisy work for hours you choose. Where it is not safe to stay open, we tell you plainly and work to shorten the closure.",
    },
    {
      question: "Do you work with property managers and insurers?",
      answer:
        "Yes. We report to whoever you name, document the damage for your commercial policy and bill your insurance company directly. Tenants get clear notices about access and timing.",
    },
    {
      question: "How large a job can you take on?",
      answer:
        "We size crews and equipment to the building, from one office suite to a whole floor. Tell us what happened and how many square feet are affected, and we will say honestly what we can do and how fast.",
    },
    {
      question: "What should we do before you arrive?",
      answer:
        "Keep people away from wet floors and damaged ceilings, shut off the water or power to the affected area if it is safe, and photograph what you see. Do not start moving wet stock or equipment yourselves if it is heavy or near electricity.",
    },
  ],
  closing: {
    title: "Damage at Your Business? We Answer 24/7",
    text: "Call us now, any hour, or send us photos for a free assessment: a specialist will reach out shortly.",
  },
} as const satisfies ServicePageCopy;
