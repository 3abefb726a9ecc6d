import { ServicePage } from "#app/components/marketing/service-page.tsx";
import { stormDamagePage } from "#app/content/storm-damage.ts";
import { seoMeta } from "#app/content/seo.ts";
import { PageShowcase } from "#app/features/showcase/showcase-later.tsx";
import { loadShowcase } from "#app/features/showcase/showcase.server.ts";
import { loadWhyChooseUs } from "#app/features/site/public-sections.server.ts";
import type { Route } from "./+types/storm-damage-restoration";

export const meta: Route.MetaFunction = ({ matches }) => seoMeta(matches, { ...stormDamagePage.seo, path: stormDamagePage.path });

export async function loader({ context }: Route.LoaderArgs) {
  const [reasons, showcase] = await Promise.all([loadWhyChooseUs(context), loadShowcase(context, { service: "storm" })]);
  return { reasons, showcase };
}

export default function StormDamageRestoration({ loaderData }: Route.ComponentProps) {
  return <ServicePage copy={stormDamagePage} icons={["storm"]} reasons={loaderData.reasons} proof={<PageShowcase showcase={loaderData.showcase} service="storm" />} />;
}
