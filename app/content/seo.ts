import type { MetaDescriptor } from "react-router";
import { defaultCompany, type CompanySettings } from "./company.ts";

export interface PageSeo {
  title: string;
  description: string;
  /** The page's own path, e.g. `/water-damage-restoration`: the canonical address is built from it. */
  path: string;
  /** Variants and private pages stay out of search results. */
  noindex?: boolean;
}

type Match = { id: string; data?: unknown } | undefined;

function layoutData(matches: readonly Match[]): { publicUrl?: string; company?: CompanySettings } | undefined {
  return matches.find((match) => match?.id === "routes/site-layout")?.data as { publicUrl?: string; company?: CompanySettings } | undefined;
}

/** The site's public address, as the public layout loaded it. */
export function publicUrlOf(matches: readonly Match[]): string {
  return layoutData(matches)?.publicUrl ?? "";
}

/** The company's details as the office saved them, for titles and share tags; the defaults when they could not be loaded. */
export function companyOf(matches: readonly Match[]): CompanySettings {
  return layoutData(matches)?.company ?? defaultCompany;
}

/** Title, description, canonical link, Open Graph and Twitter tags for a public page. */
export function seoMeta(matches: readonly Match[], { title, description, path, noindex }: PageSeo): MetaDescriptor[] {
  const url = `${publicUrlOf(matches)}${path}`;
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: companyOf(matches).name },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    ...(noindex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}
