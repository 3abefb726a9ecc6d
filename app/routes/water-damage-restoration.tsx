import { CallToActionSection } from "#app/components/marketing/call-to-action.tsx";
import { InsuranceAndFinancing, WhyChooseUs } from "#app/components/marketing/story-sections.tsx";
import { ServedTowns } from "#app/components/marketing/served-towns.tsx";
import { ServicePageJsonLd } from "#app/components/marketing/service-page.tsx";
import { CardGrid, FiveStepProcess, ServicePageHero } from "#app/components/marketing/service-page-sections.tsx";
import { FaqAccordion } from "#app/components/marketing/faq.tsx";
import { serviceArea } from "#app/content/company.ts";
import { seoMeta } from "#app/content/seo.ts";
import {
  waterDamageCauses,
  waterDamageClosing,
  waterDamageHero,
  waterDamageProcess,
  waterDamageQuestions,
} from "#app/content/water-damage.ts";
import { PageShowcase } from "#app/features/showcase/showcase-later.tsx";
import { loadShowcase } from "#app/features/showcase/showcase.server.ts";
import { loadWhyChooseUs } from "#app/features/site/public-sections.server.ts";
import type { Route } from "./+types/water-damage-restoration";

const description = `Burst pipes, sewage backups and flooded basements: water extraction, drying and repair across ${serviceArea}. Veteran operated, direct insurance billing, answered 24/7.`;

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "Water Damage Restoration in Philadelphia, 24/7",
    description,
    path: "/water-damage-restoration",
  });

/** The water damage page: every section in `water-damage.ts`'s order, all fixed copy, rendered on the server. */
export async function loader({ context }: Route.LoaderArgs) {
  const [reasons, showcase] = await Promise.all([loadWhyChooseUs(context), loadShowcase(context, { service: "water" })]);
  return { reasons, showcase };
}

export default function WaterDamageRestoration({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <ServicePageJsonLd name="Water Damage Restoration" description={description} path="/water-damage-restoration" questions={waterDamageQuestions} />
      <ServicePageHero hero={waterDamageHero} icons={["water"]} />
      <CardGrid
        id="causes-title"
        title="Common Causes of Water Damage"
        intro="Whatever let the water in, we have dealt with it before. These are the calls we answer most often."
        items={waterDamageCauses}
      />
      <FiveStepProcess steps={waterDamageProcess} />
      <PageShowcase showcase={loaderData.showcase} service="water" />
      <WhyChooseUs reasons={loaderData.reasons} />
      <InsuranceAndFinancing />
      <FaqAccordion questions={waterDamageQuestions} name="water-damage-faq" />
      <ServedTowns />
      <CallToActionSection title={waterDamageClosing.title} text={waterDamageClosing.text} />
    </>
  );
}
