import { useRouteLoaderData } from "react-router";
import { defaultCompany, type CompanySettings } from "#app/content/company.ts";
import { defaultServices, type ServiceCard } from "#app/content/services.ts";

/** What the public layout's loader hands every public page. */
export interface SiteLayoutData {
  company: CompanySettings;
  services: ServiceCard[];
  year: number;
  /** The site's public address, without a trailing slash. */
  publicUrl: string;
}

/** The company's settings as the public layout loaded them (or the defaults outside it). */
export function useCompany() {
  return useRouteLoaderData<SiteLayoutData>("routes/site-layout")?.company ?? defaultCompany;
}

/** The site's public address (no trailing slash), for absolute links. */
export function usePublicUrl(): string {
  return useRouteLoaderData<SiteLayoutData>("routes/site-layout")?.publicUrl ?? "";
}

/** The service cards as the public layout loaded them (or the fixed copy outside it). */
export function useServices(): ServiceCard[] {
  return useRouteLoaderData<SiteLayoutData>("routes/site-layout")?.services ?? defaultServices;
}
