import { guideLinks, servicePageLinks } from "#app/content/services.ts";
import { townPath, towns } from "#app/content/towns.ts";
import type { Route } from "./+types/sitemap";

/** The pages search engines should index: the variants and staff pages are left out on purpose. */
export const indexablePaths: readonly string[] = [
  "/",
  ...servicePageLinks.map((page) => page.path),
  "/areas",
  ...towns.map(townPath),
  ...guideLinks.map((page) => page.path),
  "/request",
  "/privacy",
  "/terms",
];

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export function loader({ context }: Route.LoaderArgs) {
  const base = context.publicUrl.replace(/\/+$/, "");
  const urls = indexablePaths.map((path) => `  <url><loc>${escapeXml(`${base}${path}`)}</loc></url>`).join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
