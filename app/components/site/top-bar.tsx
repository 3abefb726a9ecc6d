import { tagline } from "#app/content/company.ts";

export function TopBar() {
  return (
    // Outside the sticky header (it scrolls away), so a landmark of its own.
    <aside aria-label="Availability" className="bg-navy-950 text-white">
      <div className="mx-auto flex h-8 max-w-7xl items-center justify-center px-4 text-xs font-bold tracking-widest">
        <p className="md:hidden">24/7 EMERGENCY RESPONSE</p>
        <p className="hidden items-center gap-3 md:flex">
          <span>{tagline.replace(/\.$/, "")}</span>
          <span className="rounded bg-brand-red-700 px-2 py-0.5 tracking-normal">24/7</span>
        </p>
      </div>
    </aside>
  );
}
