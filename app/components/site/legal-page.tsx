import type { LegalDocument } from "#app/content/legal.ts";

export function LegalPage({ document }: { document: LegalDocument }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12" aria-labelledby="legal-title">
      <h1 id="legal-title" className="text-3xl font-black text-navy-900 md:text-4xl">
        {document.title}
      </h1>
      <p className="mt-2 text-sm text-slate-600">Last updated: {document.lastUpdated}</p>
      {document.sections.map((section) => (
        <section key={section.heading} className="mt-8">
          <h2 className="text-xl font-bold text-navy-900">{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-3 leading-relaxed text-slate-800">
              {paragraph}
            </p>
          ))}
          {section.items && (
            <ul className="mt-3 list-disc space-y-1 pl-6 text-slate-800">
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </article>
  );
}
