import type { TitledText } from "#app/content/service-page.ts";

/** Steps in their order, each under its number in a red disc (decorative: the list itself is ordered). */
export function NumberedSteps({ steps, columns }: { steps: readonly TitledText[]; columns: string }) {
  return (
    <ol className={`mt-8 grid gap-6 ${columns}`}>
      {steps.map((step, index) => (
        <li key={step.title} className="rounded-xl border border-slate-200 p-6">
          <span
            aria-hidden="true"
            className="flex size-12 items-center justify-center rounded-full bg-brand-red-700 text-xl font-black text-white"
          >
            {index + 1}
          </span>
          <h3 className="mt-4 text-lg font-black text-navy-900 md:text-xl">{step.title}</h3>
          <p className="mt-2 text-slate-700">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
