import type { ReactNode } from "react";
import type { Crumb } from "#app/content/structured-data.ts";
import type { TitledText } from "#app/content/service-page.ts";
import { Breadcrumbs } from "./breadcrumbs.tsx";

const heading = "text-3xl font-black text-navy-900 md:text-4xl";

/** A guide's first screen: where it sits, what it is, and its actions. */
export function GuideHero({
  trail,
  title,
  intro,
  children,
}: {
  trail: readonly Crumb[];
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby="hero-title" className="bg-gradient-to-br from-navy-900 via-navy-900 to-navy-800 text-white">
      <div className="mx-auto max-w-7xl px-4 py-10 md:py-16">
        <Breadcrumbs trail={trail} />
        <h1 id="hero-title" className="mt-6 text-4xl font-black md:text-5xl">
          {title}
        </h1>
        <p className="mt-4 max-w-3xl text-lg text-navy-100">{intro}</p>
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}

/** A titled part of a guide: its points in order, numbered when order matters. */
export function GuideSteps({
  id,
  title,
  intro,
  items,
  ordered = false,
  tinted = false,
}: {
  id: string;
  title: string;
  intro?: string;
  items: readonly TitledText[];
  ordered?: boolean;
  tinted?: boolean;
}) {
  const List = ordered ? "ol" : "ul";
  return (
    <section aria-labelledby={id} className={tinted ? "bg-navy-50" : undefined}>
      <div className="mx-auto max-w-5xl px-4 py-14">
        <h2 id={id} className={heading}>
          {title}
        </h2>
        {intro && <p className="mt-4 max-w-3xl text-lg text-slate-700">{intro}</p>}
        <List className="mt-8 grid gap-4 sm:grid-cols-2">
          {items.map((item, index) => (
            <li key={item.title} className="flex gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              {ordered && (
                <span
                  aria-hidden="true"
                  className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-red-700 font-black text-white"
                >
                  {index + 1}
                </span>
              )}
              <div>
                <h3 className="text-lg font-black text-navy-900">{item.title}</h3>
                <p className="mt-1 text-slate-700">{item.text}</p>
              </div>
            </li>
          ))}
        </List>
      </div>
    </section>
  );
}
