import { HelpButtons } from "#app/components/marketing/call-to-action.tsx";
import { Breadcrumbs } from "#app/components/marketing/breadcrumbs.tsx";
import { JsonLd } from "#app/components/marketing/json-ld.tsx";
import { TownLinks } from "#app/components/marketing/served-towns.tsx";
import { townAreasCrumb } from "#app/components/marketing/town-page.tsx";
import { useCompany, usePublicUrl } from "#app/components/site/use-company.ts";
import { serviceArea } from "#app/content/company.ts";
import { seoMeta } from "#app/content/seo.ts";
import { breadcrumbJsonLd, serviceJsonLd } from "#app/content/structured-data.ts";
import { towns, townSlug } from "#app/content/towns.ts";
import type { Route } from "./+types/areas";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "Areas We Serve: Philadelphia and the Suburbs, 24/7",
    description: `Emergency water, fire, mold, storm and sewage restoration in Philadelphia and eleven towns around it, across ${serviceArea} and West Chester. Find your town.`,
    path: townAreasCrumb.path,
    keywords: [
      "restoration near me",
      "Philadelphia suburbs",
      "Bucks County",
      "Montgomery County",
      "Chester County",
      ...towns.map((town) => town.name),
    ],
  });

/** Served towns by county, largest first, in the spec's order within each. */
function byCounty() {
  const counties = new Map<string, typeof towns>();
  for (const town of towns) counties.set(town.county, [...(counties.get(town.county) ?? []), town]);
  return [...counties].sort(([, a], [, b]) => b.length - a.length);
}

export default function Areas() {
  const company = useCompany();
  const publicUrl = usePublicUrl();
  const trail = [townAreasCrumb];
  return (
    <>
      <JsonLd
        data={serviceJsonLd(
          { name: "Emergency Property Restoration", description: `24/7 restoration across ${serviceArea}.`, path: townAreasCrumb.path },
          company,
          towns,
          publicUrl,
        )}
      />
      <JsonLd data={breadcrumbJsonLd(trail, publicUrl)} />
      <section aria-labelledby="hero-title" className="bg-gradient-to-br from-navy-900 via-navy-900 to-navy-800 text-white">
        <div className="mx-auto max-w-7xl px-4 py-10 md:py-16">
          <Breadcrumbs trail={trail} />
          <h1 id="hero-title" className="mt-6 text-4xl font-black md:text-5xl">
            Areas We Serve
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-navy-100">
            From our base in Center City, our crews cover Philadelphia and the towns around it, 24/7. Choose your town to see how soon we
            can be there.
          </p>
          <div className="mt-8">
            <HelpButtons />
          </div>
        </div>
      </section>
      {byCounty().map(([county, items]) => (
        <section key={county} aria-labelledby={`county-${townSlug(county)}`} className="odd:bg-navy-50">
          <div className="mx-auto max-w-7xl px-4 py-12">
            <h2 id={`county-${townSlug(county)}`} className="text-2xl font-black text-navy-900 md:text-3xl">
              {county}
            </h2>
            <div className="mt-6">
              <TownLinks items={items} />
            </div>
          </div>
        </section>
      ))}
      <section aria-labelledby="elsewhere-title" className="bg-navy-900 text-white">
        <div className="mx-auto max-w-4xl px-4 py-16 text-center">
          <h2 id="elsewhere-title" className="text-3xl font-black">
            Not on the List?
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-navy-100">
            Call us anyway: if you are near {serviceArea}, we will tell you honestly whether we can get there in time, at {company.phone}.
          </p>
          <div className="mt-8 flex justify-center">
            <HelpButtons />
          </div>
        </div>
      </section>
    </>
  );
}
