import { data } from "react-router";
import { useCompany } from "#app/components/site/use-company.ts";
import { telHref } from "#app/content/company.ts";
import { companyOf, seoMeta } from "#app/content/seo.ts";
import { RequestPageForm } from "#app/features/service-request/request-page-form.tsx";
import { submitServiceRequest } from "#app/features/service-request/submit.server.ts";
import type { Route } from "./+types/request";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: `Get Your Free Assessment | ${companyOf(matches).name}`,
    description: "Tell us what happened and send photos: a specialist reviews every request and calls you back, 24/7.",
    path: "/request",
  });

export function loader() {
  return { startedAt: Date.now() };
}

/** The same intake as the dialog's, for visitors without JavaScript: the page shows the outcome. */
export async function action({ request, context }: Route.ActionArgs) {
  const { result, status } = await submitServiceRequest(request, context);
  return data(result, { status, headers: { "Cache-Control": "no-store" } });
}

export default function RequestService({ loaderData, actionData }: Route.ComponentProps) {
  const company = useCompany();
  return (
    <section className="mx-auto max-w-3xl px-4 py-10" aria-labelledby="request-title">
      <h1 id="request-title" className="text-3xl font-black text-navy-900">
        Get Your Free Assessment
      </h1>
      <p className="mt-3 text-lg">
        In an emergency, call us now at{" "}
        <a href={telHref(company.phone)} className="font-bold text-brand-red-700 underline underline-offset-4">
          {company.phone}
        </a>{" "}
        — we answer 24/7. Or tell us what happened below.
      </p>
      <div className="mt-8">
        <RequestPageForm result={actionData} startedAt={loaderData.startedAt} />
      </div>
    </section>
  );
}
