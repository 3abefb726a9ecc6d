import type { Route } from "./+types/robots";

/**
 * Everything public may be crawled but the staff area; the sign-in page itself may be (it holds
 * nothing private), its links and setup pages not. The sitemap lists what is worth indexing.
 */
export function loader({ context }: Route.LoaderArgs) {
  const base = context.publicUrl.replace(/\/+$/, "");
  const text = ["User-agent: *", "Disallow: /admin", "Disallow: /auth/", "Disallow: /api/", "", `Sitemap: ${base}/sitemap.xml`, ""].join("\n");
  return new Response(text, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
