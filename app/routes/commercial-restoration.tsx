import { ServicePage } from "#app/components/marketing/service-page.tsx";
import { commercialRestorationPage } from "#app/content/commercial-restoration.ts";
import { seoMeta } from "#app/content/seo.ts";
import type { Route } from "./+types/commercial-restoration";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, { ...commercialRestorationPage.seo, path: commercialRestorationPage.path });

export default function CommercialRestoration() {
  return <ServicePage copy={commercialRestorationPage} icons={["shield"]} />;
}
