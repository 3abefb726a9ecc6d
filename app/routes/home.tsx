import { useCompany } from "#app/components/site/use-company.ts";
import { defaultCompany, serviceArea, tagline, telHref } from "#app/content/company.ts";
import { defaultHero } from "#app/content/defaults.ts";
import { services } from "#app/content/services.ts";
import { RequestServiceLink } from "#app/features/service-request/request-dialog-host.tsx";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => [
  { title: `24/7 Water Damage Restoration in Philadelphia | ${defaultCompany.name}` },
  {
    name: "description",
    content: `Veteran-operated emergency restoration for water, fire, mold and storm damage across ${serviceArea}. Call 24/7 or request a free assessment.`,
  },
];

export default function Home() {
  const company = useCompany();
  return (
    <>
      <section className="bg-navy-900 text-white" aria-labelledby="hero-title">
        <div className="mx-auto max-w-7xl px-4 py-16 md:py-24">
          <p className="text-sm font-bold tracking-widest text-navy-100">{tagline}</p>
          <h1 id="hero-title" className="mt-3 max-w-3xl text-4xl font-black md:text-6xl">
            {defaultHero.title}
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-navy-100">{company.emergencyMessage}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <RequestServiceLink className="inline-flex min-h-12 items-center justify-center rounded-md bg-brand-red-700 px-6 font-bold hover:bg-brand-red-800">
              {defaultHero.buttonText}
            </RequestServiceLink>
            <a
              href={telHref(company.phone)}
              className="inline-flex min-h-12 items-center justify-center rounded-md border-2 border-white px-6 font-bold hover:bg-white hover:text-navy-900"
            >
              Call {company.phone}
            </a>
          </div>
        </div>
      </section>
      <section id="services" aria-labelledby="services-title" className="scroll-mt-24">
        <div className="mx-auto max-w-7xl px-4 py-16">
          <h2 id="services-title" className="text-3xl font-black text-navy-900">
            Our Services
          </h2>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {services.map((service) => (
              <li key={service.slug} className="rounded-lg border border-slate-200 p-6">
                <h3 className="text-lg font-bold text-navy-900">{service.title}</h3>
                <p className="mt-2 text-slate-700">{service.summary}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section id="about" aria-labelledby="about-title" className="scroll-mt-24 bg-navy-50">
        <div className="mx-auto max-w-7xl px-4 py-16">
          <h2 id="about-title" className="text-3xl font-black text-navy-900">
            Veteran Operated. Service Ready.
          </h2>
          <p className="mt-4 max-w-3xl text-lg text-slate-700">
            In the military, "service ready" means equipped, trained and able to move the moment the call comes. We bring the same readiness
            to every emergency across {serviceArea}: we answer 24/7, and the first 24-48 hours are critical.
          </p>
        </div>
      </section>
    </>
  );
}
