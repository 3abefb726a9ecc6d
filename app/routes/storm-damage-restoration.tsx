import { ServicePage } from "#app/components/marketing/service-page.tsx";
import { stormDamagePage } from "#app/content/storm-damage.ts";
import { seoMeta } from "#app/content/seo.ts";
import type { Route } from "./+types/storm-damage-restoration";

export const meta: Route.MetaFunction = ({ matches }) => seoMeta(matches, { ...stormDamagePage.seo, path: stormDamagePage.path });

export default function StormDamageRestoration() {
  return <ServicePage copy={stormDamagePage} icons={["storm"]} />;
}
