import { Outlet, useRouteLoaderData } from "react-router";
import { GeneralErrorBoundary } from "#app/components/site/error-boundary.tsx";
import { SiteShell } from "#app/components/site/site-shell.tsx";
import type { SiteLayoutData } from "#app/components/site/use-company.ts";
import { defaultCompany } from "#app/content/company.ts";
import { loadServices } from "#app/features/site/public-sections.server.ts";
import { loadCompanySettings } from "#app/features/site/settings.server.ts";
import type { Route } from "./+types/site-layout";

export async function loader({ context }: Route.LoaderArgs): Promise<SiteLayoutData> {
  const [company, services] = await Promise.all([loadCompanySettings(context), loadServices(context)]);
  return {
    company,
    services,
    year: new Date().getFullYear(),
    publicUrl: context.publicUrl.replace(/\/+$/, ""),
  };
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  return (
    <SiteShell company={loaderData.company} year={loaderData.year}>
      <Outlet />
    </SiteShell>
  );
}

/** Errors in a page keep the header and footer, so the phone number is always one tap away. */
export function ErrorBoundary() {
  const shell = useRouteLoaderData<typeof loader>("routes/site-layout");
  const company = shell?.company ?? defaultCompany;
  return (
    <SiteShell company={company} year={shell?.year ?? new Date().getFullYear()}>
      <div className="mx-auto max-w-xl px-4">
        <GeneralErrorBoundary phone={company.phone} />
      </div>
    </SiteShell>
  );
}
