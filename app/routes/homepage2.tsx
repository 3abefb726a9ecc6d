import { DynamicReasons } from "#app/components/marketing/dynamic-reasons.tsx";
import { HomeHero, MissionStatement, TrustBadgesSection } from "#app/components/marketing/home-sections.tsx";
import { ServicesCarousel } from "#app/components/marketing/services-carousel.tsx";
import { seoMeta } from "#app/content/seo.ts";
import { loadHero, loadReasons, loadTrustBadges } from "#app/features/site/content.server.ts";
import type { Route } from "./+types/homepage2";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "24/7 Emergency Restoration in Philadelphia",
    description:
      "Water, fire, mold and storm damage restored by a veteran-operated crew that answers 24/7. See our services and why property owners call us first.",
    path: "/",
    noindex: true,
  });

export async function loader({ context }: Route.LoaderArgs) {
  const [hero, trust, reasons] = await Promise.all([loadHero(context), loadTrustBadges(context), loadReasons(context)]);
  return { hero, trust, reasons };
}

export default function HomepageTwo({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <HomeHero hero={loaderData.hero} />
      <TrustBadgesSection trust={loaderData.trust} />
      <ServicesCarousel />
      {loaderData.reasons && loaderData.reasons.reasons.length > 0 && <DynamicReasons content={loaderData.reasons} />}
      <MissionStatement />
    </>
  );
}
