import type { ReactNode } from "react";
import { useCompany, usePublicUrl } from "#app/components/site/use-company.ts";
import type { Question, ServicePageCopy } from "#app/content/service-page.ts";
import type { ServiceIcon } from "#app/domain/icons.ts";
import { breadcrumbJsonLd, faqJsonLd, serviceJsonLd } from "#app/content/structured-data.ts";
import { towns } from "#app/content/towns.ts";
import type { Reasons } from "#app/domain/content-sections.ts";
import { CallToActionSection } from "./call-to-action.tsx";
import { InsuranceAndFinancing, WhyChooseUs } from "./story-sections.tsx";
import { JsonLd } from "./json-ld.tsx";
import { ServedTowns } from "./served-towns.tsx";
import { CardGrid, FiveStepProcess, ServicePageHero } from "./service-page-sections.tsx";
import { FaqAccordion } from "./faq.tsx";

/** What search engines read of a service page: the service and the towns it is offered in, the trail to it, and its questions. */
export function ServicePageJsonLd({
  name,
  description,
  path,
  questions,
}: {
  name: string;
  description: string;
  path: string;
  questions: readonly Question[];
}) {
  const company = useCompany();
  const publicUrl = usePublicUrl();
  return (
    <>
      <JsonLd data={serviceJsonLd({ name, description, path }, company, towns, publicUrl)} />
      <JsonLd data={breadcrumbJsonLd([{ name, path }], publicUrl)} />
      <JsonLd data={faqJsonLd(questions)} />
    </>
  );
}

/**
 * A service page from its fixed copy: hero, its card sections, the five steps, why us, insurance,
 * questions, towns and the closing call. `proof` is the place for the projects and reviews of this
 * service, shown after the process: a page without any shows nothing there.
 */
export function ServicePage({ copy, icons, reasons, proof }: { copy: ServicePageCopy; icons: readonly ServiceIcon[]; reasons: Reasons; proof?: ReactNode }) {
  return (
    <>
      <ServicePageJsonLd name={copy.name} description={copy.seo.description} path={copy.path} questions={copy.questions} />
      <ServicePageHero hero={copy.hero} icons={icons} />
      {copy.sections.map((section) => (
        <CardGrid
          key={section.id}
          id={section.id}
          title={section.title}
          intro={section.intro}
          items={section.items}
          tinted={section.tinted}
        />
      ))}
      <FiveStepProcess steps={copy.process} />
      {proof}
      <WhyChooseUs reasons={reasons} />
      <InsuranceAndFinancing />
      <FaqAccordion questions={copy.questions} name={`${copy.path.slice(1)}-faq`} />
      <ServedTowns />
      <CallToActionSection title={copy.closing.title} text={copy.closing.text} />
    </>
  );
}
