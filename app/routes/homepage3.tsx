import { HomeHero, ServicesTrio, TrustBadgesSection } from "#app/components/marketing/home-sections.tsx";
import { FirstTimeLoss, InsuranceAndFinancing, OurStory, ThreeSteps, WhyChooseUs } from "#app/components/marketing/story-sections.tsx";
import { Reveal } from "#app/components/marketing/reveal.tsx";
import { seoMeta } from "#app/content/seo.ts";
import { loadHero, loadTrustBadges, loadWhyChooseUs } from "#app/features/site/public-sections.server.ts";
import type { Route } from "./+types/homepage3";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "Emergency Restoration, Veteran Operated",
    description:
      "A veteran-operated restoration company that answers 24/7: water, fire, mold and storm damage, direct insurance billing and 100% financing.",
    path: "/",
    noindex: true,
  });

export async function loader({ context }: Route.LoaderArgs) {
  const [hero, trust, reasons] = await Promise.all([loadHero(context), loadTrustBadges(context), loadWhyChooseUs(context)]);
  return { hero, trust, reasons };
}

/** The home page's sections, each revealed as it scrolls into view. */
export default function HomepageThree({ loaderData }: Route.ComponentProps) {
  const sections = [
    <TrustBadgesSection key="trust" trust={loaderData.trust} />,
    <ServicesTrio key="services" />,
    <WhyChooseUs key="why" reasons={loaderData.reasons} />,
    <OurStory key="story" photo={loaderData.hero} />,
    <FirstTimeLoss key="first-loss" />,
    <ThreeSteps key="steps" />,
    <InsuranceAndFinancing key="insurance" />,
  ];
  return (
    <>
      <HomeHero hero={loaderData.hero} />
      {sections.map((section, index) => (
        <Reveal key={section.key} delayMs={index === 0 ? 0 : 100}>
          {section}
        </Reveal>
      ))}
    </>
  );
}
