import { Link } from "react-router";
import { CallToActionSection, HelpButtons } from "#app/components/marketing/call-to-action.tsx";
import { GuideHero, GuideSteps } from "#app/components/marketing/guide-sections.tsx";
import { JsonLd } from "#app/components/marketing/json-ld.tsx";
import { usePublicUrl } from "#app/components/site/use-company.ts";
import { claims } from "#app/content/claims.ts";
import { financingPage, insuranceGuidePage } from "#app/content/guides.ts";
import { seoMeta } from "#app/content/seo.ts";
import { breadcrumbJsonLd } from "#app/content/structured-data.ts";
import type { Route } from "./+types/insurance-claims";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "Property Damage Insurance Claims: A Step-by-Step Guide",
    description:
      "What to do in the first 24-48 hours after water, fire or storm damage, how to document it, how to work with the adjuster, and how direct billing to your insurer works.",
    path: insuranceGuidePage.path,
    keywords: [
      "insurance claim water damage",
      "homeowners insurance claim",
      "working with an adjuster",
      "direct insurance billing",
      "document property damage",
    ],
  });

const trail = [{ name: "Insurance Claim Guide", path: insuranceGuidePage.path }];

export default function InsuranceClaims() {
  const publicUrl = usePublicUrl();
  return (
    <>
      <JsonLd data={breadcrumbJsonLd(trail, publicUrl)} />
      <GuideHero trail={trail} title={insuranceGuidePage.title} intro={insuranceGuidePage.intro}>
        <HelpButtons />
      </GuideHero>
      <GuideSteps
        id="first-hours-title"
        title="The First 24-48 Hours"
        intro={`${claims.criticalHours} ${claims.moldGrowth}`}
        items={insuranceGuidePage.firstHours}
        ordered
      />
      <GuideSteps id="documenting-title" title="Documenting the Damage" items={insuranceGuidePage.documenting} tinted />
      <GuideSteps id="adjuster-title" title="Working With the Adjuster" items={insuranceGuidePage.adjuster} />
      <GuideSteps id="billing-title" title="Direct Billing" items={insuranceGuidePage.directBilling} tinted />
      <section aria-labelledby="financing-link-title">
        <div className="mx-auto max-w-5xl px-4 py-14">
          <h2 id="financing-link-title" className="text-3xl font-black text-navy-900 md:text-4xl">
            Not Everything Covered?
          </h2>
          <p className="mt-4 max-w-3xl text-lg text-slate-700">
            Your deductible, or work your policy leaves out, can be financed.{" "}
            <Link to={financingPage.path} className="font-bold text-navy-900 underline underline-offset-4">
              See how financing works
            </Link>
            .
          </p>
        </div>
      </section>
      <CallToActionSection
        title="Start Your Claim With Us"
        text="Call us now, any hour: we stop the damage, document it for your adjuster and bill your insurance company directly."
      />
    </>
  );
}
