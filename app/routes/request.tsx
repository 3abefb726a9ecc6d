import { useCompany } from "#app/components/site/use-company.ts";
import { defaultCompany, telHref } from "#app/content/company.ts";
import type { Route } from "./+types/request";

export const meta: Route.MetaFunction = () => [
  { title: `Request Service | ${defaultCompany.name}` },
  { name: "description", content: "Reach our 24/7 emergency restoration team by phone or email." },
];

export default function RequestService() {
  const company = useCompany();
  return (
    <section className="mx-auto max-w-2xl px-4 py-16" aria-labelledby="request-title">
      <h1 id="request-title" className="text-3xl font-black text-navy-900">
        Get Your Free Assessment
      </h1>
      <p className="mt-4 text-lg">
        The fastest way to reach a specialist is to call us. We answer 24/7, day and night, weekends and holidays.
      </p>
      <a
        href={telHref(company.phone)}
        className="mt-6 inline-flex min-h-12 items-center justify-center rounded-md bg-brand-red-700 px-6 text-lg font-bold text-white hover:bg-brand-red-800"
      >
        Call {company.phone}
      </a>
      <p className="mt-8">
        You can also email us what happened, your address and a way to reach you at{" "}
        <a href={`mailto:${company.officeEmail}`} className="font-semibold text-navy-900 underline underline-offset-4">
          {company.officeEmail}
        </a>
        . Photos of the damage help us prepare.
      </p>
    </section>
  );
}
