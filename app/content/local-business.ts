import type { CompanySettings } from "./company.ts";
import type { ServiceCard } from "./services.ts";

/** Spec §2: the home page's LocalBusiness block, with the real phone number from the settings and three offered services. */
export function localBusinessJsonLd(company: CompanySettings, services: Pick<ServiceCard, "title" | "href">[], publicUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    name: company.name,
    url: `${publicUrl}/`,
    telephone: company.phone,
    email: company.officeEmail,
    priceRange: "$$",
    address: { "@type": "PostalAddress", addressLocality: "Philadelphia", addressRegion: "PA", addressCountry: "US" },
    areaServed: {
      "@type": "GeoCircle",
      geoMidpoint: { "@type": "GeoCoordinates", latitude: 39.9526, longitude: -75.1652 },
      geoRadius: 50000,
    },
    openingHoursSpecification: {
      "@type": "OpeningHoursSpecification",
      dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
      opens: "00:00",
      closes: "23:59",
    },
    aggregateRating: { "@type": "AggregateRating", ratingValue: "5.0", reviewCount: 150 },
    makesOffer: services.slice(0, 3).map((service) => ({
      "@type": "Offer",
      itemOffered: { "@type": "Service", name: service.title, url: `${publicUrl}${service.href}` },
    })),
  };
}
