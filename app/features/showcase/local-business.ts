import { formatRating, type Rating } from "./rating.ts";
import type { PublicReview } from "./showcase-types.ts";
import type { CompanySettings } from "#app/content/company.ts";
import type { ServiceCard } from "#app/content/services.ts";

/** A published review as search engines read it. */
function reviewJsonLd(review: PublicReview) {
  return {
    "@type": "Review",
    author: { "@type": "Person", name: review.name },
    reviewRating: { "@type": "Rating", ratingValue: review.rating, bestRating: 5, worstRating: 1 },
    reviewBody: review.text,
    ...(review.reviewedOn ? { datePublished: review.reviewedOn } : {}),
  };
}

/**
 * The home page's LocalBusiness block, with the real phone number from the settings and
 * three offered services. The rating is the site's one rating (`loadRating`): the published reviews'
 * when there are any, with those reviews as `review` items; drafts never get here.
 */
export function localBusinessJsonLd(
  company: CompanySettings,
  services: Pick<ServiceCard, "title" | "href">[],
  publicUrl: string,
  { rating, reviews }: { rating: Rating; reviews: PublicReview[] },
) {
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
    aggregateRating: { "@type": "AggregateRating", ratingValue: formatRating(rating.value), bestRating: 5, reviewCount: rating.count },
    ...(rating.fromReviews && reviews.length > 0 ? { review: reviews.map(reviewJsonLd) } : {}),
    makesOffer: services.slice(0, 3).map((service) => ({
      "@type": "Offer",
      itemOffered: { "@type": "Service", name: service.title, url: `${publicUrl}${service.href}` },
    })),
  };
}
