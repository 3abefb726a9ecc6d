import type { MetaDescriptor } from "react-router";
import { defaultCompany, type CompanySettings } from "./company.ts";

export interface PageSeo {
  title: string;
  description: string;
  /** The page's own path, e.g. `/water-damage-restoration`: the canonical address is built from it. */
  path: string;
  /** What the page is about, for the `keywords` tag; the site's own words when a page has none of its own. */
  keywords?: readonly string[];
  /** Variants and private pages stay out of search results. */
  noindex?: boolean;
}

const siteKeywords = [
  "water damage restoration",
  "fire damage restoration",
  "mold remediation",
  "storm damage",
  "24/7 emergency restoration",
  "Philadelphia",
  "Bucks County",
  "Montgomery County",
] as const;

/** The share picture every page offers to social networks and messengers: made by `npm run share-image`, served from this site. */
export const shareImage = { path: "/share.png", width: 1200, height: 630 } as const;

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
export function seoMeta(matches: readonly Match[], { title, description, path, keywords = siteKeywords, noindex }: PageSeo): MetaDescriptor[] {
  const publicUrl = publicUrlOf(matches);
  const url = `${publicUrl}${path}`;
  const company = companyOf(matches);
  const image = `${publicUrl}${shareImage.path}`;
  const imageAlt = `${company.name}: 24/7 emergency restoration, ${company.phone}`;
  return [
    { title },
    { name: "description", content: description },
    { name: "keywords", content: keywords.join(", ") },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: company.name },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: String(shareImage.width) },
    { property: "og:image:height", content: String(shareImage.height) },
    { property: "og:image:alt", content: imageAlt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: imageAlt },
    ...(noindex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}
