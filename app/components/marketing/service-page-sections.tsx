import { belowStickyHeader } from "#app/components/site/sticky-header.ts";
import type { TitledText } from "#app/content/service-page.ts";
import type { ServiceIcon } from "#app/domain/icons.ts";
import { HelpButtons } from "./call-to-action.tsx";
import { NumberedSteps } from "./numbered-steps.tsx";
import { ServiceGlyph } from "./service-glyph.tsx";

const section = "mx-auto max-w-7xl px-4 py-16";
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
