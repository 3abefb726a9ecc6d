import type { ReactNode } from "react";
import { belowStickyHeader } from "#app/components/site/sticky-header.ts";
import type { Question, TitledText } from "#app/content/service-page.ts";
import type { ServiceIcon } from "#app/content/services.ts";
import { HelpButtons } from "./call-to-action.tsx";
import { NumberedSteps } from "./numbered-steps.tsx";
import { ServiceGlyph } from "./service-glyph.tsx";

const section = "mx-auto max-w-7xl px-4 py-16";
const narrowSection = "mx-auto max-w-4xl px-4 py-16";
const heading = "text-3xl font-black text-navy-900 md:text-4xl";

/** A service page's first screen: what we fix, and the two ways to get help, with no image to wait for. */
export function ServicePageHero({
  hero,
  icons,
}: {
  hero: { eyebrow: string; title: string; intro: string };
  icons: readonly ServiceIcon[];
}) {
  return (
    <section aria-labelledby="hero-title" className="bg-gradient-to-br from-navy-900 via-navy-900 to-navy-800 text-white">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 md:grid-cols-[3fr_1fr] md:items-center md:py-20">
        <div>
          <p className="text-sm font-bold tracking-widest text-navy-100">{hero.eyebrow}</p>
          <h1 id="hero-title" className="mt-3 text-4xl font-black md:text-5xl">
            {hero.title}
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-navy-100">{hero.intro}</p>
          <div className="mt-8">
            <HelpButtons />
          </div>
        </div>
        <div className="hidden justify-center gap-4 text-brand-red-600 md:flex">
          {icons.map((icon) => (
            <ServiceGlyph key={icon} icon={icon} className="size-28" />
          ))}
        </div>
      </div>
    </section>
  );
}

/** A titled grid of short cards: the causes of water damage, the fire services, the mold services. */
export function CardGrid({
  id,
  title,
  intro,
  items,
  tinted = false,
}: {
  id: string;
  title: string;
  intro: string;
  items: readonly TitledText[];
  tinted?: boolean;
}) {
  return (
    <section aria-labelledby={id} className={tinted ? "bg-navy-50" : undefined}>
      <div className={section}>
        <h2 id={id} className={`${heading} ${belowStickyHeader}`}>
          {title}
        </h2>
        <p className="mt-4 max-w-3xl text-lg text-slate-700">{intro}</p>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((item) => (
            <li key={item.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <h3 className="text-lg font-black text-navy-900">{item.title}</h3>
              <p className="mt-2 text-slate-700">{item.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** The five steps from the first call to a restored home. */
export function FiveStepProcess({ steps }: { steps: readonly TitledText[] }) {
  return (
    <section aria-labelledby="process-title">
      <div className={section}>
        <h2 id="process-title" className={heading}>
          Our Five-Step Process
        </h2>
        <NumberedSteps steps={steps} columns="md:grid-cols-5" />
      </div>
    </section>
  );
}

/** The questions' section, whose heading the home page's FAQ button scrolls to below the sticky header. */
function FaqSection({ children }: { children: ReactNode }) {
  return (
    <section aria-labelledby="faq-title">
      <div className={narrowSection}>
        <h2 id="faq-title" className={`${heading} ${belowStickyHeader}`}>
          Frequently Asked Questions
        </h2>
        {children}
      </div>
    </section>
  );
}

/**
 * Spec §2: one answer open at a time, and clicking the open one closes it. Exclusive `<details>`
 * (same `name`) do exactly that in the browser itself: no JavaScript, so it works before hydration too.
 */
export function FaqAccordion({ questions, name }: { questions: readonly Question[]; name: string }) {
  return (
    <FaqSection>
      <div className="mt-8 divide-y divide-slate-200 rounded-xl border border-slate-200">
        {questions.map((item) => (
          <details key={item.question} name={name} className="group">
            <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 px-6 py-4 text-lg font-bold text-navy-900 [&::-webkit-details-marker]:hidden">
              {item.question}
              <span aria-hidden="true" className="text-2xl font-black text-brand-red-700 group-open:rotate-45">
                +
              </span>
            </summary>
            <p className="px-6 pb-6 text-slate-700">{item.answer}</p>
          </details>
        ))}
      </div>
    </FaqSection>
  );
}

/** Spec §2: the fire and mold page's questions are static, every answer in view. */
export function FaqList({ questions }: { questions: readonly Question[] }) {
  return (
    <FaqSection>
      <dl className="mt-8 space-y-6">
        {questions.map((item) => (
          <div key={item.question} className="rounded-xl border border-slate-200 p-6">
            <dt className="text-lg font-bold text-navy-900">{item.question}</dt>
            <dd className="mt-2 text-slate-700">{item.answer}</dd>
          </div>
        ))}
      </dl>
    </FaqSection>
  );
}
