import { LegalPage } from "#app/components/site/legal-page.tsx";
import { useCompany } from "#app/components/site/use-company.ts";
import { defaultCompany } from "#app/content/company.ts";
import { privacyPolicy } from "#app/content/legal.ts";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = () => {
  const document = privacyPolicy(defaultCompany);
  return [{ title: `${document.title} | ${defaultCompany.name}` }, { name: "description", content: document.description }];
};

export default function Privacy() {
  return <LegalPage document={privacyPolicy(useCompany())} />;
}
