import { Link } from "react-router";
import { belowStickyHeader } from "#app/components/site/sticky-header.ts";
import { useCompany, useServices } from "#app/components/site/use-company.ts";
import { PhoneIcon, ShieldIcon } from "#app/components/ui/icons.tsx";
import { StoredImage } from "#app/components/ui/stored-image.tsx";
import { telHref } from "#app/content/company.ts";
import { insurers } from "#app/content/home.ts";
import type { Hero, TrustBadge, TrustBadges } from "#app/domain/content-sections.ts";
import { RequestServiceLink } from "#app/features/service-request/request-dialog-host.tsx";
import type { Rating } from "#app/features/showcase/rating.ts";
import { RatingBadge } from "#app/features/showcase/showcase-later.tsx";

const section = "mx-auto max-w-7xl px-4 py-16";
const heading = "text-3xl font-black text-navy-900 md:text-4xl";

/** The first screen: on a phone the call button comes first and fills the width; on a desktop, the promise beside the buttons. */
export function HomeHero({ hero, rating }: { hero: Hero; rating?: Rating }) {
  const company = useCompany();
  // The office's photo is the page's largest picture: fetched first, never lazily. Until there is one, our illustration.
  const photo = hero.backgroundImageUrl?.startsWith("/") ? hero.backgroundImageUrl : null;
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden bg-navy-900 text-white">
      {photo ? (
        <StoredImage
          src={photo}
          sizes="100vw"
          alt={hero.backgroundImageAlt}
          placeholder={hero.backgroundImagePlaceholder}
          width={1600}
          height={900}
          fetchPriority="high"
          className="absolute inset-0 size-full object-cover opacity-30"
        />
      ) : (
        <img
          src="/illustrations/hero.svg"
          alt=""
          width={1600}
          height={900}
          className="absolute inset-0 size-full object-cover object-bottom opacity-10"
        />
      )}
      <div className="relative mx-auto grid max-w-7xl gap-10 px-4 py-12 md:grid-cols-[3fr_2fr] md:items-center md:py-24">
        <div>
          <p className="text-sm font-bold tracking-widest text-navy-100">{hero.subtitle}</p>
          <h1 id="hero-title" className="mt-3 text-4xl font-black md:text-6xl">
            {hero.title}
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-navy-100">{hero.description}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <a
              href={telHref(company.phone)}
              className="inline-flex min-h-14 items-center justify-center gap-2 rounded-md bg-brand-red-700 px-6 text-lg font-bold hover:bg-brand-red-800 md:hidden"
            >
              <PhoneIcon className="size-6" />
              Call Now: {company.phone}
            </a>
            <RequestServiceLink className="inline-flex min-h-14 items-center justify-center rounded-md bg-white px-6 text-lg font-bold text-navy-900 hover:bg-navy-50 md:bg-brand-red-700 md:text-white md:hover:bg-brand-red-800">
              {hero.buttonText}
            </RequestServiceLink>
            <a
              href={telHref(company.phone)}
              className="hidden min-h-14 items-center justify-center gap-2 rounded-md border-2 border-white px-6 text-lg font-bold hover:bg-white hover:text-navy-900 md:inline-flex"
            >
              <PhoneIcon className="size-6" />
              {company.phone}
            </a>
          </div>
          {rating && (
            <div className="mt-6">
              <RatingBadge rating={rating} tone="dark" />
            </div>
          )}
        </div>
        <div className="hidden rounded-xl bg-white/10 p-6 md:block">
          <p className="flex items-center gap-2 text-lg font-black">
            <ShieldIcon className="size-6" />
            {company.emergencyMessage}
          </p>
          <ul className="mt-4 space-y-2 text-navy-100">
            <li>Answered 24/7 by a person, not a machine</li>
            <li>Crews dispatched day and night</li>
            <li>Direct billing with your insurance</li>
          </ul>
        </div>
      </div>
    </section>
  );
}

/** A badge's logo at the size its row shows it, in the sizes the server keeps. */
function BadgeLogo({ badge, width, height, className }: { badge: TrustBadge; width: number; height: number; className: string }) {
  return (
    <StoredImage
      src={badge.logoUrl}
      sizes={`${width}px`}
      alt={badge.name}
      width={width}
      height={height}
      loading="lazy"
      className={`${className} object-contain`}
    />
  );
}

/** The first two badges stand out; the rest form the partner grid. Line breaks in the description are kept. */
export function TrustBadgesSection({ trust }: { trust: TrustBadges }) {
  const [first, second, ...partners] = trust.badges;
  const featured = [first, second].filter((badge) => badge !== undefined);
  return (
    <section aria-labelledby="trust-title" className="bg-white">
      <div className={`${section} text-center`}>
        <h2 id="trust-title" className={heading}>
          {trust.headline}
        </h2>
        <p className="mx-auto mt-4 max-w-3xl text-lg whitespace-pre-line text-slate-700">{trust.description}</p>
        {featured.length > 0 && (
          <ul className="mt-8 flex flex-wrap justify-center gap-6" aria-label="Certifications and ratings">
            {featured.map((badge) => (
              <li key={badge.name}>
                <BadgeLogo badge={badge} width={240} height={96} className="h-24 w-60" />
              </li>
            ))}
          </ul>
        )}
        {partners.length > 0 && (
          <ul className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-4" aria-label="Partners">
            {partners.map((badge) => (
              <li key={badge.name} className="flex items-center justify-center rounded-lg border border-slate-200 p-3">
                <BadgeLogo badge={badge} width={180} height={72} className="h-18 w-45" />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

/** Nine insurers as wordmarks: six on the first row, three on the second (on wide screens). */
export function InsurersSection() {
  return (
    <section aria-labelledby="insurers-title" className="bg-navy-50">
      <div className={`${section} text-center`}>
        <h2 id="insurers-title" className="text-2xl font-black text-navy-900">
          We Work With All Major Insurance Companies
        </h2>
        <ul className="mx-auto mt-8 grid max-w-5xl grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {insurers.map((name, index) => (
            <li
              key={name}
              className={`rounded-md bg-white px-3 py-4 font-black text-slate-700 shadow-sm ${index === 6 ? "lg:col-start-2" : ""} ${index >= 6 ? "lg:col-span-1" : ""}`}
            >
              {name}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** The home page's three services, each with three features: the first three service cards. */
export function ServicesTrio() {
  const trio = useServices().slice(0, 3);
  return (
    <section id="services" aria-labelledby="services-title" className={belowStickyHeader}>
      <div className={section}>
        <h2 id="services-title" className={heading}>
          Our Services
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {trio.map((service) => (
            <li key={service.slug} className="flex flex-col rounded-xl border border-slate-200 p-6 shadow-sm">
              <h3 className="text-xl font-black text-navy-900">{service.title}</h3>
              <p className="mt-2 text-slate-700">{service.summary}</p>
              <ul className="mt-4 space-y-2">
                {service.subcategories.slice(0, 3).map((feature) => (
                  <li key={feature} className="flex gap-2">
                    <span aria-hidden="true" className="font-black text-brand-red-700">
                      ✓
                    </span>
                    {feature}
                  </li>
                ))}
              </ul>
              <Link
                to={service.href}
                className="mt-6 inline-flex min-h-11 items-center justify-center rounded-md bg-navy-900 px-4 font-bold text-white hover:bg-navy-800"
              >
                Discover More<span className="sr-only"> about {service.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
