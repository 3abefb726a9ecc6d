import { LegalPage } from "#app/components/site/legal-page.tsx";
import { useCompany } from "#app/components/site/use-company.ts";
import { defaultCompany } from "#app/content/company.ts";
import { termsOfService } from "#app/content/legal.ts";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = () => {
  const document = termsOfService(defaultCompany);
  return [{ title: `${document.title} | ${defaultCompany.name}` }, { name: "description", content: document.description }];
};

export default function Terms() {
  return <LegalPage document={termsOfService(useCompany())} />;
}
