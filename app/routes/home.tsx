import { HomeHero, InsurersSection, ServicesTrio, TrustBadgesSection } from "#app/components/marketing/home-sections.tsx";
import { FirstTimeLoss, InsuranceAndFinancing, OurStory, ThreeSteps, WhyChooseUs } from "#app/components/marketing/story-sections-later.tsx";
import { JsonLd } from "#app/components/marketing/json-ld.tsx";
import { useCompany, usePublicUrl, useServices } from "#app/components/site/use-company.ts";
import { serviceArea } from "#app/content/company.ts";
import { localBusinessJsonLd } from "#app/features/showcase/local-business.ts";
import { seoMeta } from "#app/content/seo.ts";
import { ProjectsSection, ReviewsSection } from "#app/features/showcase/showcase-later.tsx";
import { loadShowcase } from "#app/features/showcase/showcase.server.ts";
import { loadHero, loadTrustBadges, loadWhyChooseUs } from "#app/features/site/public-sections.server.ts";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "24/7 Water Damage Restoration in Philadelphia",
    description: `Veteran-operated emergency restoration for water, fire, mold and storm damage across ${serviceArea}. Call 24/7 or request a free assessment.`,
    // `/homepage4` shows this same page; both name `/` as the one address.
    path: "/",
  });

export async function loader({ context }: Route.LoaderArgs) {
  const [hero, trust, reasons, showcase] = await Promise.all([loadHero(context), loadTrustBadges(context), loadWhyChooseUs(context), loadShowcase(context)]);
  return { hero, trust, reasons, showcase };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const company = useCompany();
  const publicUrl = usePublicUrl();
  const services = useServices();
  const { hero, showcase } = loaderData;
  return (
    <>
      <JsonLd data={localBusinessJsonLd(company, services, publicUrl, showcase)} />
      <HomeHero hero={hero} rating={showcase.rating} />
      <TrustBadgesSection trust={loaderData.trust} />
      <InsurersSection />
      <ServicesTrio />
      <WhyChooseUs reasons={loaderData.reasons} />
      <ProjectsSection projects={showcase.projects} />
      <ReviewsSection reviews={showcase.reviews} rating={showcase.rating} />
      <OurStory photo={hero} />
      <FirstTimeLoss />
      <ThreeSteps />
      <InsuranceAndFinancing />
    </>
  );
}
