import type { ReactNode } from "react";
import { belowStickyHeader } from "#app/components/site/sticky-header.ts";
import type { Question } from "#app/content/service-page.ts";

const heading = "text-3xl font-black text-navy-900 md:text-4xl";

/** The questions' section, whose heading the home page's FAQ button scrolls to below the sticky header. */
function FaqSection({ children }: { children: ReactNode }) {
  return (
    <section aria-labelledby="faq-title">
      <div className="mx-auto max-w-4xl px-4 py-16">
        <h2 id="faq-title" className={`${heading} ${belowStickyHeader}`}>
          Frequently Asked Questions
        </h2>
        {children}
      </div>
    </section>
  );
}

/**
 * One answer open at a time, and clicking the open one closes it. Exclusive `<details>`
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

/** The fire and mold page's questions are static, every answer in view. */
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
