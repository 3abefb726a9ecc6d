import type { ReasonIcon } from "#app/domain/icons.ts";
import { OutlineIcon } from "#app/components/ui/icons.tsx";
import type { Reasons } from "#app/domain/content-sections.ts";

const reasonIconPaths: Record<ReasonIcon, string> = {
  clock: "M12 7v5l3 2M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z",
  shield: "M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6l-8-3Z",
  check: "m5 12 5 5L20 7",
  star: "m12 3 2.8 5.8 6.2.9-4.5 4.4 1 6.2L12 17.4l-5.5 2.9 1-6.2L3 9.7l6.2-.9L12 3Z",
};

/** A reason's icon, drawn in the brand's red. */
export function ReasonGlyph({ icon, className }: { icon: ReasonIcon; className: string }) {
  return (
    <OutlineIcon className={className}>
      <path d={reasonIconPaths[icon]} />
    </OutlineIcon>
  );
}

/** Why choose us, from the editable `reasons_content`; the page leaves it out when there is nothing to show. */
export function DynamicReasons({ content }: { content: Reasons }) {
  return (
    <section aria-labelledby="reasons-title">
      <div className="mx-auto max-w-7xl px-4 py-16">
        <h2 id="reasons-title" className="text-3xl font-black text-navy-900 md:text-4xl">
          {content.headline}
        </h2>
        <p className="mt-3 max-w-3xl text-lg text-slate-700">{content.subheadline}</p>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {content.reasons.map((reason) => (
            <li key={reason.text} className="flex items-center gap-4 rounded-xl border border-slate-200 p-5">
              <ReasonGlyph icon={reason.icon} className="size-8 shrink-0 text-brand-red-700" />
              <span className="font-bold text-navy-900">{reason.text}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
