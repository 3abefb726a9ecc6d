import { seoMeta } from "#app/content/seo.ts";
import type { Route } from "./+types/fire-mold-restoration";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, { title: "TODO", description: "TODO", path: "/fire-mold-restoration" });

export default function Page() {
  return <h1>TODO</h1>;
}
