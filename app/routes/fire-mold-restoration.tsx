import { CallToActionSection } from "#app/components/marketing/call-to-action.tsx";
import { InsuranceAndFinancing, WhyChooseUs } from "#app/components/marketing/story-sections.tsx";
import { ServedTowns } from "#app/components/marketing/served-towns.tsx";
import { ServicePageJsonLd } from "#app/components/marketing/service-page.tsx";
import { CardGrid, FiveStepProcess, ServicePageHero } from "#app/components/marketing/service-page-sections.tsx";
import { FaqList } from "#app/components/marketing/faq.tsx";
import { serviceArea } from "#app/content/company.ts";
import {
  fireMoldClosing,
  fireMoldHero,
  fireMoldInsuranceHelp,
  fireMoldProcess,
  fireMoldQuestions,
  fireServices,
  moldServices,
} from "#app/content/fire-mold.ts";
import { seoMeta } from "#app/content/seo.ts";
import { PageShowcase } from "#app/features/showcase/showcase-later.tsx";
import { loadShowcase } from "#app/features/showcase/showcase.server.ts";
import { loadWhyChooseUs } from "#app/features/site/public-sections.server.ts";
import type { Route } from "./+types/fire-mold-restoration";

const description = `Board-up, soot and smoke odor removal, and safe mold remediation across ${serviceArea}. Veteran operated, help with your insurance claim, answered 24/7.`;

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "Fire, Smoke and Mold Restoration in Philadelphia, 24/7",
    description,
    path: "/fire-mold-restoration",
  });

/** The fire and mold page: every section in `fire-mold.ts`'s order, all fixed copy, rendered on the server. */
export async function loader({ context }: Route.LoaderArgs) {
  const [reasons, showcase] = await Promise.all([loadWhyChooseUs(context), loadShowcase(context, { service: ["fire", "mold"] })]);
  return { reasons, showcase };
}

export default function FireMoldRestoration({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <ServicePageJsonLd name="Fire, Smoke and Mold Restoration" description={description} path="/fire-mold-restoration" questions={fireMoldQuestions} />
      <ServicePageHero hero={fireMoldHero} icons={["fire", "mold"]} />
      <CardGrid
        id="fire-title"
        title="Fire and Smoke Damage Services"
        intro="From the night of the fire to the last coat of paint, one crew takes care of it."
        items={fireServices}
      />
      <CardGrid
        id="mold-title"
        title="Mold Remediation Services"
        intro="We find the mold, contain it, remove it safely and fix the moisture that caused it."
        items={moldServices}
        tinted
      />
      <FiveStepProcess steps={fireMoldProcess} />
      <PageShowcase showcase={loaderData.showcase} title="fire, smoke and mold" />
      <WhyChooseUs reasons={loaderData.reasons} />
      <InsuranceAndFinancing title="Help With Your Insurance Claim" items={fireMoldInsuranceHelp} />
      <FaqList questions={fireMoldQuestions} />
      <ServedTowns />
      <CallToActionSection title={fireMoldClosing.title} text={fireMoldClosing.text} />
    </>
  );
}
