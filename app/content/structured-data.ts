import type { CompanySettings } from "./company.ts";
import type { Question } from "./service-page.ts";
import type { Town } from "./towns.ts";

/** A step of a page's breadcrumb trail: its name and path on this site. */
export interface Crumb {
  name: string;
  path: string;
}

/** Home, then each step down to the page itself. */
export function breadcrumbJsonLd(trail: readonly Crumb[], publicUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: [{ name: "Home", path: "/" }, ...trail].map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: `${publicUrl}${crumb.path}`,
    })),
  };
}

const city = (town: Pick<Town, "name">) => ({ "@type": "City", name: `${town.name}, PA` });

/** The company as the provider of a service, or the business a town page is about. */
function business(company: CompanySettings, publicUrl: string) {
  return {
    "@type": "LocalBusiness",
    name: company.name,
    url: `${publicUrl}/`,
    telephone: company.phone,
    address: { "@type": "PostalAddress", addressLocality: "Philadelphia", addressRegion: "PA", addressCountry: "US" },
  };
}

/** A service page's offer: what it is, who provides it, and the towns it is offered in. */
export function serviceJsonLd(
  { name, description, path }: { name: string; description: string; path: string },
  company: CompanySettings,
  areas: readonly Pick<Town, "name">[],
  publicUrl: string,
) {
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    serviceType: name,
    name,
    description,
    url: `${publicUrl}${path}`,
    provider: business(company, publicUrl),
    areaServed: areas.map(city),
  };
}

/** A town page: the business, open all hours, serving that town, and the services it offers there. */
export function townBusinessJsonLd(
  town: Pick<Town, "name">,
  company: CompanySettings,
  services: readonly { label: string; path: string }[],
  path: string,
  publicUrl: string,
) {
  return {
    "@context": "https://schema.org",
    ...business(company, publicUrl),
    "@id": `${publicUrl}/#business`,
    url: `${publicUrl}${path}`,
    areaServed: city(town),
    openingHoursSpecification: {
      "@type": "OpeningHoursSpecification",
      dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
      opens: "00:00",
      closes: "23:59",
    },
    makesOffer: services.map((service) => ({
      "@type": "Offer",
      itemOffered: { "@type": "Service", name: service.label, url: `${publicUrl}${service.path}`, areaServed: city(town) },
    })),
  };
}

/** A page's questions with their answers, as search engines read an FAQ. */
export function faqJsonLd(questions: readonly Question[]) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: questions.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
}
