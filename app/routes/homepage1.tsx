import { CallToActionSection, HelpButtons } from "#app/components/marketing/call-to-action.tsx";
import { ServicesTrio } from "#app/components/marketing/home-sections.tsx";
import { ThreeSteps, WhyChooseUs } from "#app/components/marketing/story-sections.tsx";
import { useCompany } from "#app/components/site/use-company.ts";
import { seoMeta } from "#app/content/seo.ts";
import { loadWhyChooseUs } from "#app/features/site/public-sections.server.ts";
import type { Route } from "./+types/homepage1";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "Emergency Restoration, Answered 24/7",
    description:
      "Water on the floor or smoke in the house? Call us any hour: a person answers and a crew is on the way. Or send photos for a free assessment.",
    path: "/",
    noindex: true,
  });

/** Our alternate landing: emergency first, everything else after. */
export async function loader({ context }: Route.LoaderArgs) {
  return { reasons: await loadWhyChooseUs(context) };
}

export default function HomepageOne({ loaderData }: Route.ComponentProps) {
  const company = useCompany();
  return (
    <>
      <section aria-labelledby="landing-title" className="bg-brand-red-800 text-white">
        <div className="mx-auto max-w-4xl px-4 py-14 text-center">
          <p className="font-bold tracking-widest uppercase">Water on the floor? Smoke in the house?</p>
          <h1 id="landing-title" className="mt-3 text-4xl font-black md:text-5xl">
            Help is one call away, 24/7
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg">
            {company.name} answers day and night. The first 24-48 hours are critical: call now and a crew is on the way.
          </p>
          <div className="mt-8 flex justify-center">
            <HelpButtons tone="red" />
          </div>
        </div>
      </section>
      <ThreeSteps />
      <ServicesTrio />
      <WhyChooseUs reasons={loaderData.reasons} />
      <CallToActionSection
        title="Ready when you are"
        text="Call now or send us photos for a free assessment: a specialist will reach out shortly."
      />
    </>
  );
}
