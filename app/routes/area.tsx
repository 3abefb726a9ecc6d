import { data } from "react-router";
import { TownPage } from "#app/components/marketing/town-page.tsx";
import { companyOf, seoMeta } from "#app/content/seo.ts";
import { townBySlug, townPath } from "#app/content/towns.ts";
import { PageShowcase } from "#app/features/showcase/showcase-later.tsx";
import { loadShowcase } from "#app/features/showcase/showcase.server.ts";
import { loadTownIntro } from "#app/features/site/public-sections.server.ts";
import type { Route } from "./+types/area";

export async function loader({ params, context }: Route.LoaderArgs) {
  const town = townBySlug(params.town);
  if (!town) throw data(null, { status: 404 });
  const [intro, showcase] = await Promise.all([loadTownIntro(context, town.slug), loadShowcase(context, { town: town.name })]);
  return { town, intro, showcase };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [];
  const { town } = loaderData;
  return seoMeta(matches, {
    title: `Water, Fire and Mold Restoration in ${town.name}, PA, 24/7`,
    description: `Water, fire, mold, storm and sewage cleanup in ${town.name}, ${town.county}, about ${town.driveMinutes} minutes from our Philadelphia base. Call ${companyOf(matches).phone} any hour or request a free assessment.`,
    path: townPath(town),
    keywords: [
      `water damage restoration ${town.name}`,
      `fire damage restoration ${town.name}`,
      `mold remediation ${town.name}`,
      `storm damage ${town.name}`,
      `${town.name}, PA`,
      town.county,
    ],
  });
};

export default function Area({ loaderData }: Route.ComponentProps) {
  const { town, intro, showcase } = loaderData;
  return <TownPage town={town} intro={intro} proof={<PageShowcase showcase={showcase} town={town.name} />} />;
}
