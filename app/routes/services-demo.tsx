import { useState } from "react";
import { ServicesTrio } from "#app/components/marketing/home-sections.tsx";
import { ServicesCarousel } from "#app/components/marketing/services-carousel.tsx";
import { seoMeta } from "#app/content/seo.ts";
import { useServices } from "#app/components/site/use-company.ts";
import type { Route } from "./+types/services-demo";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "Services Layouts",
    description:
      "Water damage, fire and smoke, mold and storm restoration: what each service covers, shown three ways. Call 24/7 or request a free assessment.",
    path: "/services-demo",
    noindex: true,
  });

const layouts = ["Original Grid", "Mobile Carousel", "Vertical Stack"] as const;
type Layout = (typeof layouts)[number];

function VerticalStack() {
  const services = useServices();
  return (
    <section aria-labelledby="stack-title">
      <div className="mx-auto max-w-3xl px-4 py-16">
        <h2 id="stack-title" className="text-3xl font-black text-navy-900">
          Services, One by One
        </h2>
        <ol className="mt-8 space-y-4">
          {services.map((service) => (
            <li key={service.slug} className="rounded-xl border border-slate-200 p-6">
              <h3 className="text-xl font-black text-navy-900">{service.title}</h3>
              <p className="mt-2 text-slate-700">{service.description}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

/** Compares the three service layouts side by side, one at a time. */
export default function ServicesDemo() {
  const [layout, setLayout] = useState<Layout>("Original Grid");
  return (
    <>
      <div className="mx-auto max-w-7xl px-4 pt-10">
        <h1 className="text-3xl font-black text-navy-900">Services Layouts</h1>
        <div role="group" aria-label="Layout" className="mt-4 flex flex-wrap gap-2">
          {layouts.map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={layout === option}
              onClick={() => setLayout(option)}
              className={`min-h-11 rounded-md border-2 border-navy-900 px-4 font-bold ${layout === option ? "bg-navy-900 text-white" : "text-navy-900"}`}
            >
              {option}
            </button>
          ))}
        </div>
      </div>
      {layout === "Original Grid" && <ServicesTrio />}
      {layout === "Mobile Carousel" && <ServicesCarousel />}
      {layout === "Vertical Stack" && <VerticalStack />}
    </>
  );
}
