import { data } from "react-router";
import { NotFound, notFoundTitle } from "#app/components/site/error-boundary.tsx";
import { companyOf } from "#app/content/seo.ts";
import type { Route } from "./+types/not-found";

export function loader({ request, context }: Route.LoaderArgs) {
  context.logger.warn({ path: new URL(request.url).pathname }, "Page not found");
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${notFoundTitle} | ${companyOf(matches).name}` },
  { name: "robots", content: "noindex" },
];

export default function NotFoundPage() {
  return <NotFound />;
}
