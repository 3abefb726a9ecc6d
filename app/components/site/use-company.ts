import { useRouteLoaderData } from "react-router";
import { defaultCompany } from "#app/content/company.ts";
import { defaultServices, type ServiceCard } from "#app/content/services.ts";
import type { loader } from "#app/routes/site-layout.tsx";

/** The company's settings as the public layout loaded them (or the defaults outside it). */
export function useCompany() {
  return useRouteLoaderData<typeof loader>("routes/site-layout")?.company ?? defaultCompany;
}

/** The site's public address (no trailing slash), for absolute links. */
export function usePublicUrl(): string {
  return useRouteLoaderData<typeof loader>("routes/site-layout")?.publicUrl ?? "";
}

/** The service cards as the public layout loaded them (or the fixed copy outside it). */
export function useServices(): ServiceCard[] {
  return useRouteLoaderData<typeof loader>("routes/site-layout")?.services ?? defaultServices;
}
