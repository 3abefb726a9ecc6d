import { ServicePage } from "#app/components/marketing/service-page.tsx";
import { commercialRestorationPage } from "#app/content/commercial-restoration.ts";
import { seoMeta } from "#app/content/seo.ts";
import { PageShowcase } from "#app/features/showcase/showcase-later.tsx";
import { loadShowcase } from "#app/features/showcase/showcase.server.ts";
import { loadWhyChooseUs } from "#app/features/site/public-sections.server.ts";
import type { Route } from "./+types/commercial-restoration";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, { ...commercialRestorationPage.seo, path: commercialRestorationPage.path });

export async function loader({ context }: Route.LoaderArgs) {
  const [reasons, showcase] = await Promise.all([loadWhyChooseUs(context), loadShowcase(context, { service: "commercial" })]);
  return { reasons, showcase };
}

export default function CommercialRestoration({ loaderData }: Route.ComponentProps) {
  return <ServicePage copy={commercialRestorationPage} icons={["shield"]} reasons={loaderData.reasons} proof={<PageShowcase showcase={loaderData.showcase} service="commercial" />} />;
}
