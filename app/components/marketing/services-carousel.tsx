import useEmblaCarousel from "embla-carousel-react";
import { useEffect, useRef, useState, type MouseEvent, type RefObject } from "react";
import { Link } from "react-router";
import { useCompany, useServices } from "#app/components/site/use-company.ts";
import { CloseIcon, PhoneIcon } from "#app/components/ui/icons.tsx";
import { StoredImage } from "#app/components/ui/stored-image.tsx";
import { useDialogScrollLock } from "#app/components/ui/use-scroll-lock.ts";
import { telHref } from "#app/content/company.ts";
import type { ServiceCard as Service } from "#app/content/services.ts";
import { RequestServiceLink } from "#app/features/service-request/request-dialog-host.tsx";
import { describeShownSlides } from "./carousel-position.ts";
import { ServiceGlyph } from "./service-glyph.tsx";

type Audience = "residential" | "commercial";

/** Spec: four cards per row on a desktop (`lg:basis-1/4`). */
const cardsPerDesktopRow = 4;

/** One service card: details expand in place; Learn More opens the sheet on phones, Read More goes to the service's page. */
function ServiceCard({
  service,
  audience,
  onLearnMore,
}: {
  service: Service;
  audience: Audience;
  onLearnMore: (service: Service) => void;
}) {
  // Without a photo the card has room for the list: it starts open, rather than leaving a gap.
  const [expanded, setExpanded] = useState(!service.imageUrl);
  const detailsId = `service-${service.slug}-details`;
  const learnMore = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    onLearnMore(service);
  };
  return (
    <article
      aria-labelledby={`service-${service.slug}-title`}
      className={`flex h-[600px] flex-col rounded-xl border-2 bg-white p-6 shadow-sm transition-shadow hover:border-navy-900 hover:shadow-lg md:h-[580px] ${
        service.featured ? "border-brand-red-700" : "border-slate-200"
      }`}
    >
      <StoredImage
        src={service.imageUrl}
        sizes="(min-width: 1024px) 25vw, (min-width: 768px) 50vw, 100vw"
        alt=""
        width={640}
        height={240}
        loading="lazy"
        className="-mx-6 -mt-6 mb-4 h-32 w-[calc(100%+3rem)] max-w-none rounded-t-xl object-cover"
      />
      <div className="flex items-start justify-between gap-2 text-navy-900">
        <ServiceGlyph icon={service.icon} className="size-10" />
        {service.featured && <span className="rounded-full bg-brand-red-700 px-3 py-1 text-sm font-bold text-white">Most requested</span>}
      </div>
      <p className="mt-4 text-sm font-bold tracking-wide text-slate-700 uppercase">
        {audience === "residential" ? "For homeowners" : "For businesses"} · {service.subtitle}
      </p>
      <h3 id={`service-${service.slug}-title`} className="mt-1 text-2xl font-black text-navy-900">
        {service.title}
      </h3>
      <p className="mt-3 text-slate-700">{service.description}</p>
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={detailsId}
        onClick={() => setExpanded((open) => !open)}
        className="mt-4 inline-flex min-h-11 items-center self-start font-bold text-navy-900 underline underline-offset-4"
      >
        {expanded ? "Hide what we do" : "Show what we do"}
      </button>
      <ul id={detailsId} hidden={!expanded} className="mt-2 space-y-1">
        {service.subcategories.map((item) => (
          <li key={item} className="flex gap-2">
            <span aria-hidden="true" className="font-black text-brand-red-700">
              ✓
            </span>
            {item}
          </li>
        ))}
      </ul>
      <div className="mt-auto pt-4">
        <a
          href={service.href}
          onClick={learnMore}
          className="inline-flex min-h-11 w-full items-center justify-center rounded-md bg-navy-900 px-4 font-bold text-white md:hidden"
        >
          Learn More<span className="sr-only"> about {service.title}</span>
        </a>
        <Link
          to={service.href}
          className="hidden min-h-11 w-full items-center justify-center rounded-md bg-navy-900 px-4 font-bold text-white hover:bg-navy-800 md:inline-flex"
        >
          Read More<span className="sr-only"> about {service.title}</span>
        </Link>
      </div>
    </article>
  );
}

/**
 * Spec: an 80vh bottom sheet with the service, Call Now and Request Estimate. Measured against the
 * visible height (`dvh`), so a phone's browser bars never hide its lower part. Every browser
 * Tailwind 4 supports knows `dvh`: no `vh` fallback.
 */
function ServiceSheet({
  service,
  sheet,
  onClosed,
}: {
  service: Service | null;
  sheet: RefObject<HTMLDialogElement | null>;
  onClosed: () => void;
}) {
  const company = useCompany();
  useDialogScrollLock(sheet);
  return (
    <dialog
      ref={sheet}
      onClose={onClosed}
      aria-labelledby="service-sheet-title"
      className="fixed inset-x-0 top-auto bottom-0 m-0 h-[80dvh] max-h-[80dvh] w-full max-w-none overflow-y-auto overscroll-contain rounded-t-2xl bg-white p-6 text-slate-900"
    >
      {service && (
        <div className="flex flex-col">
          <div className="flex items-start justify-between gap-4">
            <h2 id="service-sheet-title" className="text-2xl font-black text-navy-900">
              {service.title}
            </h2>
            <button
              type="button"
              onClick={() => sheet.current?.close()}
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-md text-navy-900"
            >
              <CloseIcon className="size-6" />
              <span className="sr-only">Close</span>
            </button>
          </div>
          <p className="mt-3 text-slate-700">{service.description}</p>
          <ul className="mt-4 space-y-1">
            {service.subcategories.map((item) => (
              <li key={item}>✓ {item}</li>
            ))}
          </ul>
          {/* The actions follow the text, not the sheet's bottom edge: no empty middle to cross. */}
          <div className="mt-6 flex flex-col gap-3">
            <a
              href={telHref(company.phone)}
              className="inline-flex min-h-12 items-center justify-center gap-2 rounded-md bg-brand-red-700 px-4 font-bold text-white"
            >
              <PhoneIcon className="size-5" />
              Call Now
            </a>
            <RequestServiceLink
              onOpen={() => sheet.current?.close()}
              className="inline-flex min-h-12 items-center justify-center rounded-md border-2 border-navy-900 px-4 font-bold text-navy-900"
            >
              Request Estimate
            </RequestServiceLink>
            <Link
              to={service.href}
              onClick={() => sheet.current?.close()}
              className="inline-flex min-h-12 items-center justify-center font-bold text-navy-900 underline underline-offset-4"
            >
              Read about {service.title}
            </Link>
          </div>
          <p className="mt-6 text-sm text-slate-700">A person answers 24/7, and the assessment is free.</p>
        </div>
      )}
    </dialog>
  );
}

/** The services carousel (Embla: loop, align start, four cards per row on desktop), with its audience tabs and sheet. */
export function ServicesCarousel() {
  const services = useServices();
  const [viewport, embla] = useEmblaCarousel({ loop: true, align: "start" });
  const [audience, setAudience] = useState<Audience>("residential");
  const [sheetService, setSheetService] = useState<Service | null>(null);
  const sheet = useRef<HTMLDialogElement>(null);
  // Empty until the visitor moves the row, so a screen reader hears nothing at load.
  const [shown, setShown] = useState("");
  // Both off until the carousel runs: without JavaScript the row scrolls by itself.
  const [canScroll, setCanScroll] = useState({ previous: false, next: false });

  useEffect(() => {
    if (!embla) return;
    const followButtons = () => setCanScroll({ previous: embla.canScrollPrev(), next: embla.canScrollNext() });
    const announce = () => {
      const slides = embla.slideNodes();
      const slideWidth = slides[0]?.clientWidth ?? 0;
      const inView = slideWidth > 0 ? Math.max(1, Math.round(embla.rootNode().clientWidth / slideWidth)) : 1;
      setShown(describeShownSlides(embla.selectedScrollSnap(), inView, slides.length, "services"));
    };
    followButtons();
    embla.on("select", announce).on("select", followButtons).on("reInit", followButtons);
    return () => {
      embla.off("select", announce).off("select", followButtons).off("reInit", followButtons);
    };
  }, [embla]);

  const openSheet = (service: Service) => {
    setSheetService(service);
    sheet.current?.showModal();
  };

  return (
    <section aria-labelledby="carousel-title" aria-roledescription="carousel" className="bg-navy-50">
      <div className="mx-auto max-w-7xl px-4 py-16">
        <h2 id="carousel-title" className="text-3xl font-black text-navy-900 md:text-4xl">
          Restoration Services
        </h2>
        <div role="group" aria-label="Who is it for" className="mt-6 inline-flex rounded-lg bg-white p-1 shadow-sm">
          {(["residential", "commercial"] as const).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={audience === option}
              onClick={() => setAudience(option)}
              className={`min-h-11 rounded-md px-5 font-bold capitalize ${audience === option ? "bg-navy-900 text-white" : "text-navy-900"}`}
            >
              {option}
            </button>
          ))}
        </div>
        {/* Without JavaScript the row still scrolls sideways, card by card. */}
        <div
          ref={viewport}
          tabIndex={embla ? undefined : 0}
          className={`mt-8 ${embla ? "overflow-hidden" : "snap-x snap-mandatory overflow-x-auto"}`}
        >
          <ul className="flex">
            {services.map((service, index) => (
              <li
                key={service.slug}
                aria-roledescription="slide"
                aria-label={`${index + 1} of ${services.length}`}
                className="min-w-0 shrink-0 grow-0 basis-full snap-start pr-4 md:basis-1/2 lg:basis-1/4"
              >
                <ServiceCard service={service} audience={audience} onLearnMore={openSheet} />
              </li>
            ))}
          </ul>
        </div>
        {/* On a wide screen all four cards are in view: nothing to scroll to. */}
        <div className={`mt-6 flex justify-center gap-3 ${services.length <= cardsPerDesktopRow ? "lg:hidden" : ""}`}>
          <button
            type="button"
            disabled={!canScroll.previous}
            onClick={() => embla?.scrollPrev()}
            className="min-h-11 rounded-md bg-white px-4 font-bold text-navy-900 shadow-sm disabled:cursor-not-allowed disabled:opacity-50"
          >
            <span aria-hidden="true">←</span> Previous service
          </button>
          <button
            type="button"
            disabled={!canScroll.next}
            onClick={() => embla?.scrollNext()}
            className="min-h-11 rounded-md bg-white px-4 font-bold text-navy-900 shadow-sm disabled:cursor-not-allowed disabled:opacity-50"
          >
            Next service <span aria-hidden="true">→</span>
          </button>
        </div>
        <p aria-live="polite" aria-atomic="true" className="sr-only">
          {shown}
        </p>
      </div>
      <ServiceSheet service={sheetService} sheet={sheet} onClosed={() => setSheetService(null)} />
    </section>
  );
}
