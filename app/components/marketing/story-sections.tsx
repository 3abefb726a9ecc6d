import { Link } from "react-router";
import { useCompany } from "#app/components/site/use-company.ts";
import { belowStickyHeader } from "#app/components/site/sticky-header.ts";
import { StoredImage } from "#app/components/ui/stored-image.tsx";
import { insuranceAndFinancing, processSteps } from "#app/content/home.ts";
import { guideLinks } from "#app/content/services.ts";
import type { TitledText } from "#app/content/service-page.ts";
import type { Hero, Reasons } from "#app/domain/content-sections.ts";
import { ReasonGlyph } from "./dynamic-reasons.tsx";
import { NumberedSteps } from "./numbered-steps.tsx";

const section = "mx-auto max-w-7xl px-4 py-16";
const heading = "text-3xl font-black text-navy-900 md:text-4xl";

/** Why choose us, from the Mission content (`/admin/mission`): the same reasons as `/homepage2`'s section. */
export function WhyChooseUs({ reasons }: { reasons: Reasons }) {
  return (
    <section id="about" aria-labelledby="why-title" className={`${belowStickyHeader} bg-navy-50`}>
      <div className={section}>
        <p className="font-bold tracking-widest text-brand-red-700 uppercase">A reliable team</p>
        <h2 id="why-title" className={`mt-2 ${heading}`}>
          {reasons.headline}
        </h2>
        {reasons.subheadline && <p className="mt-4 max-w-3xl text-lg text-slate-700">{reasons.subheadline}</p>}
        {reasons.reasons.length > 0 && (
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {reasons.reasons.map((reason, index) => (
              <li key={`${index}-${reason.text}`} className="rounded-xl bg-white p-6 shadow-sm">
                <h3 className="flex items-center gap-3 text-lg font-black text-navy-900">
                  <ReasonGlyph icon={reason.icon} className="size-7 shrink-0 text-brand-red-700" />
                  {reason.text}
                </h3>
                {reason.detail && <p className="mt-2 text-slate-700">{reason.detail}</p>}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

/** The founder's story beside the office's photo, or our illustration until there is one. */
export function OurStory({ photo }: { photo?: Pick<Hero, "storyImageUrl" | "storyImageAlt" | "storyImagePlaceholder"> }) {
  const company = useCompany();
  return (
    <section aria-labelledby="story-title">
      <div className={`${section} grid gap-8 md:grid-cols-2 md:items-center`}>
        <div>
          <h2 id="story-title" className={heading}>
            Our Story: What &ldquo;Service Ready&rdquo; Means
          </h2>
          <p className="mt-4 text-lg text-slate-700">
            In the military, a unit that is &ldquo;service ready&rdquo; is trained, equipped and able to move the moment the call comes. Our
            founder carried that standard home from active duty and built {company.name} around it.
          </p>
          <p className="mt-4 text-lg text-slate-700">
            Our trucks are stocked, our crews are trained, and our phone is answered around the clock. When you call, we are already ready.
          </p>
        </div>
        {photo?.storyImageUrl?.startsWith("/") ? (
          <StoredImage
            src={photo.storyImageUrl}
            alt={photo.storyImageAlt}
            placeholder={photo.storyImagePlaceholder}
            sizes="(min-width: 768px) 50vw, 100vw"
            width={960}
            height={720}
            loading="lazy"
            decoding="async"
            className="aspect-[4/3] w-full rounded-xl bg-navy-900 object-cover"
          />
        ) : (
          <img
            src="/illustrations/story.svg"
            alt=""
            width={800}
            height={600}
            loading="lazy"
            decoding="async"
            className="aspect-[4/3] w-full rounded-xl bg-navy-900"
          />
        )}
      </div>
    </section>
  );
}

export function FirstTimeLoss() {
  return (
    <section aria-labelledby="first-loss-title" className="bg-navy-50">
      <div className={`${section} max-w-4xl text-center`}>
        <h2 id="first-loss-title" className={heading}>
          First Time Dealing With Property Damage?
        </h2>
        <p className="mt-4 text-lg text-slate-700">
          Most of the people who call us have never been through this before. That is fine: we walk you through every step, from the first
          phone call to the insurance claim to the final walk-through.
        </p>
        <Link
          to="/water-damage-restoration#faq-title"
          className="mt-8 inline-flex min-h-12 items-center justify-center rounded-md bg-navy-900 px-6 font-bold text-white hover:bg-navy-800"
        >
          Read the Frequently Asked Questions
        </Link>
      </div>
    </section>
  );
}

export function ThreeSteps() {
  return (
    <section aria-labelledby="steps-title">
      <div className={section}>
        <h2 id="steps-title" className={heading}>
          How It Works
        </h2>
        <NumberedSteps steps={processSteps} columns="md:grid-cols-3" />
      </div>
    </section>
  );
}

const [financing, insuranceGuide] = guideLinks;

/** The home page's insurance and financing promises; a service page may bring its own title and points. */
export function InsuranceAndFinancing({
  title = "Insurance and Financing",
  items = insuranceAndFinancing,
}: {
  title?: string;
  items?: readonly TitledText[];
}) {
  return (
    <section aria-labelledby="insurance-title" className="bg-navy-900 text-white">
      <div className={section}>
        <h2 id="insurance-title" className="text-3xl font-black md:text-4xl">
          {title}
        </h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {items.map((item) => (
            <li key={item.title} className="rounded-xl bg-white/10 p-6">
              <h3 className="text-lg font-black">{item.title}</h3>
              <p className="mt-2 text-navy-100">{item.text}</p>
            </li>
          ))}
        </ul>
        <div className="mt-10 flex flex-col gap-3 sm:flex-row">
          <Link
            to={financing.path}
            className="inline-flex min-h-12 items-center justify-center rounded-md bg-white px-6 font-bold text-navy-900 hover:bg-navy-50"
          >
            Apply for Financing
          </Link>
          <Link
            to={insuranceGuide.path}
            className="inline-flex min-h-12 items-center justify-center rounded-md border-2 border-white px-6 font-bold hover:bg-white hover:text-navy-900"
          >
            Insurance Claim Guide
          </Link>
        </div>
      </div>
    </section>
  );
}
