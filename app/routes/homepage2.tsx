import { DynamicReasons } from "#app/components/marketing/dynamic-reasons.tsx";
import { HelpButtons } from "#app/components/marketing/call-to-action.tsx";
import { HomeHero, TrustBadgesSection } from "#app/components/marketing/home-sections.tsx";
import { ServicesCarousel } from "#app/components/marketing/services-carousel.tsx";
import { useCompany } from "#app/components/site/use-company.ts";
import { seoMeta } from "#app/content/seo.ts";
import { loadHero, loadReasons, loadTrustBadges } from "#app/features/site/public-sections.server.ts";
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

/** Spec: `/homepage2` ends with the mission: the emergency message the office sets, and what it means in practice. */
function MissionStatement() {
  const company = useCompany();
  return (
    <section aria-labelledby="mission-title" className="bg-navy-900 text-white">
      <div className="mx-auto max-w-4xl px-4 py-16 text-center">
        <p className="font-bold tracking-widest text-navy-100 uppercase">Our mission</p>
        <h2 id="mission-title" className="mt-2 text-3xl font-black md:text-4xl">
          {company.emergencyMessage}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-navy-100">
          We answer every call, day or night, tell you the truth about the damage, and stay until your home or business is back to
          normal. That is the standard our founder brought home from the military.
        </p>
        <div className="mt-8 flex justify-center">
          <HelpButtons />
        </div>
      </div>
    </section>
  );
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
