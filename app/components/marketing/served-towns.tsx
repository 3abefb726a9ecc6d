import { Link } from "react-router";
import { townPath, towns, type Town } from "#app/content/towns.ts";

const townLink = "flex min-h-12 items-center rounded-md bg-white px-4 py-3 font-semibold text-navy-900 underline-offset-4 shadow-sm hover:underline";

/** Links to served towns' pages, as a grid of cards. */
export function TownLinks({ items, className = "grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" }: { items: readonly Town[]; className?: string }) {
  return (
    <ul className={className}>
      {items.map((town) => (
        <li key={town.slug}>
          <Link to={townPath(town)} className={townLink}>
            {town.name}, PA
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Spec: the twelve towns, on every service page, each leading to its own page. */
export function ServedTowns() {
  return (
    <section aria-labelledby="towns-title" className="bg-navy-50">
      <div className="mx-auto max-w-7xl px-4 py-16">
        <h2 id="towns-title" className="text-3xl font-black text-navy-900">
          Towns We Serve
        </h2>
        <p className="mt-3 max-w-2xl text-lg text-slate-700">From Center City to the suburbs, our crews are on the road 24/7.</p>
        <div className="mt-6">
          <TownLinks items={towns} />
        </div>
      </div>
    </section>
  );
}
