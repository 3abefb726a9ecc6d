import { seoMeta } from "#app/content/seo.ts";
import type { Route } from "./+types/water-damage-restoration";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, { title: "TODO", description: "TODO", path: "/water-damage-restoration" });

export default function Page() {
  return <h1>TODO</h1>;
}
