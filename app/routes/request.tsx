import { data } from "react-router";
import { useCompany } from "#app/components/site/use-company.ts";
import { telHref } from "#app/content/company.ts";
import { companyOf, seoMeta } from "#app/content/seo.ts";
import { issueFormStart } from "#app/features/service-request/form-start.server.ts";
import { RequestPageForm } from "#app/features/service-request/request-page-form.tsx";
import { submitServiceRequest } from "#app/features/service-request/submit.server.ts";
import { isRequestTopic } from "#app/features/service-request/topics.ts";
import type { Route } from "./+types/request";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: `Get Your Free Assessment | ${companyOf(matches).name}`,
    description: "Tell us what happened and send photos: a specialist reviews every request and calls you back, 24/7.",
    path: "/request",
  });

/** The form start stamp is made as the page is served: the page is never stored by any cache. */
export function loader({ request, context }: Route.LoaderArgs) {
  const topic = new URL(request.url).searchParams.get("topic");
  return data(
    { formStart: issueFormStart(context.formStartSecret, new Date()), topic: isRequestTopic(topic) ? topic : undefined },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => (actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders);

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
        {/* After a refused submit the stamp it was sent with stays: fixing a mistake quickly is not a bot's speed. */}
        <RequestPageForm result={actionData} formStart={(actionData?.status !== "received" && actionData?.formStart) || loaderData.formStart}
          topic={loaderData.topic}
        />
      </div>
    </section>
  );
}
