import type { ReactNode } from "react";
import { telHref, type CompanySettings } from "#app/content/company.ts";
import { RequestDialogProvider } from "#app/features/service-request/request-dialog-host.tsx";
import { ScrollToTop } from "./scroll-to-top.tsx";
import { SiteFooter } from "./site-footer.tsx";
import { SiteHeader } from "./site-header.tsx";

export function SiteShell({ company, year, children }: { company: CompanySettings; year: number; children: ReactNode }) {
  return (
    <RequestDialogProvider phone={company.phone} telHref={telHref(company.phone)}>
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-4 py-2 font-semibold text-navy-900 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
      <SiteHeader company={company} />
      <main id="main" tabIndex={-1} className="outline-none">
        {children}
      </main>
      <SiteFooter company={company} year={year} />
      <ScrollToTop />
    </RequestDialogProvider>
  );
}
