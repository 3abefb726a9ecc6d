import type { ReactNode } from "react";
import { Link } from "react-router";
import { useCompany, usePublicUrl } from "#app/components/site/use-company.ts";
import { servicePageLinks } from "#app/content/services.ts";
import { breadcrumbJsonLd, townBusinessJsonLd } from "#app/content/structured-data.ts";
import { townBySlug, townPath, type Town } from "#app/content/towns.ts";
import { CallToActionSection, HelpButtons } from "./call-to-action.tsx";
import { Breadcrumbs } from "./breadcrumbs.tsx";
import { JsonLd } from "./json-ld.tsx";
import { TownLinks } from "./served-towns.tsx";

const section = "mx-auto max-w-7xl px-4 py-16";
const heading = "text-3xl font-black text-navy-900 md:text-4xl";

/** How soon a crew can be there, from the town's usual drive time: a fact of the map, not a promise. */
export function responseTime(town: Pick<Town, "name" | "driveMinutes">): string {
  return town.name === "Philadelphia"
    ? `Our base is in Center City: most of the city is within about ${town.driveMinutes} minutes by road outside rush hour.`
    : `${town.name} is usually about ${town.driveMinutes} minutes by road from our Philadelphia base, outside rush hour.`;
}

export const townAreasCrumb = { name: "Areas We Serve", path: "/areas" } as const;

/**
 * A served town's page: what we do there, how soon we get there, the office's own intro (none when
 * they left it empty: no borrowed words), nearby towns and the ways to get help. `proof` is the
 * place for the projects and reviews of this town, shown after the services.
 */
export function TownPage({ town, intro, proof }: { town: Town; intro: string; proof?: ReactNode }) {
  const company = useCompany();
  const publicUrl = usePublicUrl();
  const path = townPath(town);
  const trail = [townAreasCrumb, { name: town.name, path }];
  const nearby = town.nearby.map(townBySlug).filter((item) => item !== undefined);
  return (
    <>
      <JsonLd data={townBusinessJsonLd(town, company, servicePageLinks, path, publicUrl)} />
      <JsonLd data={breadcrumbJsonLd(trail, publicUrl)} />
      <section aria-labelledby="hero-title" className="bg-gradient-to-br from-navy-900 via-navy-900 to-navy-800 text-white">
        <div className="mx-auto max-w-7xl px-4 py-10 md:py-16">
          <Breadcrumbs trail={trail} />
          <h1 id="hero-title" className="mt-6 text-4xl font-black md:text-5xl">
            {`Emergency Restoration in ${town.name}, PA`}
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-navy-100">
            Water, fire, smoke, mold, storm and sewage damage in {town.name} and across {town.county}. We answer 24/7, day and night.
          </p>
          <div className="mt-8">
            <HelpButtons />
          </div>
        </div>
      </section>
      {intro !== "" && (
        <section aria-labelledby="intro-title">
          <div className={`${section} max-w-4xl`}>
            <h2 id="intro-title" className={heading}>
              Our Work in {town.name}
            </h2>
            <p className="mt-4 text-lg whitespace-pre-line text-slate-700">{intro}</p>
          </div>
        </section>
      )}
      <section aria-labelledby="response-title" className="bg-navy-50">
        <div className={`${section} max-w-4xl`}>
          <h2 id="response-title" className={heading}>
            How Soon We Can Be There
          </h2>
          <p className="mt-4 text-lg text-slate-700">
            {responseTime(town)} A person answers the phone 24/7, and a crew is dispatched as soon as you call.
          </p>
        </div>
      </section>
      <section aria-labelledby="services-title">
        <div className={section}>
          <h2 id="services-title" className={heading}>
            What We Do in {town.name}
          </h2>
          <ul className="mt-8 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {servicePageLinks.map((service) => (
              <li key={service.path}>
                <Link
                  to={service.path}
                  className="flex min-h-14 items-center rounded-xl border border-slate-200 px-5 py-4 text-lg font-bold text-navy-900 underline-offset-4 shadow-sm hover:underline"
                >
                  {service.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>
      {proof}
      {nearby.length > 0 && (
        <section aria-labelledby="nearby-title" className="bg-navy-50">
          <div className={section}>
            <h2 id="nearby-title" className={heading}>
              Nearby Towns We Serve
            </h2>
            <div className="mt-6">
              <TownLinks items={nearby} />
            </div>
            <p className="mt-6">
              <Link to={townAreasCrumb.path} className="font-bold text-navy-900 underline underline-offset-4">
                All the areas we serve
              </Link>
            </p>
          </div>
        </section>
      )}
      <CallToActionSection
        title={`Need Help in ${town.name}?`}
        text="Call us now, any hour, or send us photos for a free assessment: a specialist will reach out shortly."
      />
    </>
  );
}
