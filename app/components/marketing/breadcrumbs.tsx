import { Link } from "react-router";
import type { Crumb } from "#app/content/structured-data.ts";

/** Where the page sits, for people (the same trail is in the page's BreadcrumbList for search engines). */
export function Breadcrumbs({ trail }: { trail: readonly Crumb[] }) {
  const parents = trail.slice(0, -1);
  const current = trail.at(-1);
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-navy-100">
      <ol className="flex flex-wrap items-center gap-x-2">
        {[{ name: "Home", path: "/" }, ...parents].map((crumb) => (
          <li key={crumb.path} className="flex items-center gap-2">
            <Link to={crumb.path} className="underline underline-offset-4 hover:text-white">
              {crumb.name}
            </Link>
            <span aria-hidden="true">/</span>
          </li>
        ))}
        {current && (
          <li>
            <span aria-current="page">{current.name}</span>
          </li>
        )}
      </ol>
    </nav>
  );
}
