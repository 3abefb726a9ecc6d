import { Link } from "react-router";
import { CallToActionSection } from "#app/components/marketing/call-to-action.tsx";
import { GuideHero, GuideSteps } from "#app/components/marketing/guide-sections.tsx";
import { JsonLd } from "#app/components/marketing/json-ld.tsx";
import { FaqAccordion } from "#app/components/marketing/faq.tsx";
import { useCompany, usePublicUrl } from "#app/components/site/use-company.ts";
import { PhoneIcon } from "#app/components/ui/icons.tsx";
import { telHref } from "#app/content/company.ts";
import { financingPage, insuranceGuidePage } from "#app/content/guides.ts";
import { seoMeta } from "#app/content/seo.ts";
import { breadcrumbJsonLd } from "#app/content/structured-data.ts";
import { RequestServiceLink } from "#app/features/service-request/request-dialog-host.tsx";
import type { Route } from "./+types/financing";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "Financing for Water, Fire and Mold Restoration",
    description:
      "100% financing for restoration and repairs: start now while your claim settles, spread your deductible, or pay over time for work insurance does not cover. How it works and what to prepare.",
    path: financingPage.path,
    keywords: ["restoration financing", "water damage financing", "pay deductible over time", "home repair financing", "Philadelphia"],
  });

const trail = [{ name: "Financing", path: financingPage.path }];

export default function Financing() {
  const company = useCompany();
  const publicUrl = usePublicUrl();
  return (
    <>
      <JsonLd data={breadcrumbJsonLd(trail, publicUrl)} />
      <GuideHero trail={trail} title={financingPage.title} intro={financingPage.intro}>
        <div className="flex flex-col gap-3 sm:flex-row">
          <RequestServiceLink
            topic="financing"
            className="inline-flex min-h-12 items-center justify-center rounded-md bg-white px-6 font-bold text-navy-900 hover:bg-navy-50"
          >
            Apply for Financing
          </RequestServiceLink>
          <a
            href={telHref(company.phone)}
            className="inline-flex min-h-12 items-center justify-center gap-2 rounded-md border-2 border-white px-6 font-bold hover:bg-white hover:text-navy-900"
          >
            <PhoneIcon className="size-5" />
            Call {company.phone}
          </a>
        </div>
        <p className="mt-4 max-w-2xl text-navy-100">
          The form opens with &ldquo;financing&rdquo; already noted in your comments, so the office knows what you are asking for.
        </p>
      </GuideHero>
      <GuideSteps id="how-title" title="How It Works" items={financingPage.howItWorks} ordered />
      <GuideSteps id="when-title" title="When Financing Helps" items={financingPage.whenItHelps} tinted />
      <section aria-labelledby="prepare-title">
        <div className="mx-auto max-w-5xl px-4 py-14">
          <h2 id="prepare-title" className="text-3xl font-black text-navy-900 md:text-4xl">
            What to Have Ready
          </h2>
          <p className="mt-4 max-w-3xl text-lg text-slate-700">Nothing here is needed to call us: have it at hand when you apply.</p>
          <ul className="mt-6 space-y-3 text-lg">
            {financingPage.prepare.map((item) => (
              <li key={item} className="flex gap-3">
                <span aria-hidden="true" className="font-black text-brand-red-700">
                  ✓
                </span>
                {item}
              </li>
            ))}
          </ul>
          <p className="mt-8 text-lg text-slate-700">
            Filing a claim too? Read our{" "}
            <Link to={insuranceGuidePage.path} className="font-bold text-navy-900 underline underline-offset-4">
              insurance claim guide
            </Link>
            .
          </p>
        </div>
      </section>
      <FaqAccordion questions={financingPage.questions} name="financing-faq" />
      <CallToActionSection
        title="Ask About Financing"
        text="Call us any hour, or send the request form: we will explain the options with the assessment, at no cost."
      />
    </>
  );
}
