import { LegalPage } from "#app/components/site/legal-page.tsx";
import { useCompany } from "#app/components/site/use-company.ts";
import { privacyPolicy } from "#app/content/legal.ts";
import { companyOf, seoMeta } from "#app/content/seo.ts";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = ({ matches }) => {
  const company = companyOf(matches);
  const document = privacyPolicy(company);
  return seoMeta(matches, { title: `${document.title} | ${company.name}`, description: document.description, path: "/privacy" });
};

export default function Privacy() {
  return <LegalPage document={privacyPolicy(useCompany())} />;
}
