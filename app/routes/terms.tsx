import { LegalPage } from "#app/components/site/legal-page.tsx";
import { useCompany } from "#app/components/site/use-company.ts";
import { termsOfService } from "#app/content/legal.ts";
import { companyOf, seoMeta } from "#app/content/seo.ts";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = ({ matches }) => {
  const company = companyOf(matches);
  const document = termsOfService(company);
  return seoMeta(matches, { title: `${document.title} | ${company.name}`, description: document.description, path: "/terms" });
};

export default function Terms() {
  return <LegalPage document={termsOfService(useCompany())} />;
}
