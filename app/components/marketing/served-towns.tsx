import { servedTowns } from "#app/content/company.ts";

/** Spec: the twelve towns, on every service page. */
export function ServedTowns() {
  return (
    <section aria-labelledby="towns-title" className="bg-navy-50">
      <div className="mx-auto max-w-7xl px-4 py-16">
        <h2 id="towns-title" className="text-3xl font-black text-navy-900">
          Towns We Serve
        </h2>
        <p className="mt-3 max-w-2xl text-lg text-slate-700">From Center City to the suburbs, our crews are on the road 24/7.</p>
        <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {servedTowns.map((town) => (
            <li key={town} className="rounded-md bg-white px-4 py-3 font-semibold text-navy-900 shadow-sm">
              {town}, PA
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
