import { gzipSync } from "node:zlib";

/** What a browser fetches before a page is usable, as the page's own HTML names it. */
export interface FirstLoad {
  /** Gzip bytes of every script the HTML loads or preloads. */
  jsGzip: number;
  /** Gzip bytes of the document plus its stylesheets. */
  htmlCssGzip: number;
  scripts: string[];
  stylesheets: string[];
}

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** Scripts (src, modulepreload, imports of inline modules) and stylesheets an HTML document references. */
export function referencedAssets(html: string): { scripts: string[]; stylesheets: string[] } {
  const scripts = new Set<string>();
  const stylesheets = new Set<string>();
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const rel = attribute(tag, "rel");
    const href = attribute(tag, "href");
    if (!href) continue;
    if (rel === "modulepreload") scripts.add(href);
    if (rel === "stylesheet") stylesheets.add(href);
  }
  for (const [, attributes = "", body = ""] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const src = attribute(attributes, "src");
    if (src) scripts.add(src);
    if (attribute(attributes, "type") === "module") {
      for (const [, specifier] of body.matchAll(/import\s*(?:[^"'()]*?from\s*)?\(?\s*["']([^"']+)["']/g)) {
        if (specifier) scripts.add(specifier);
      }
    }
  }
  return { scripts: [...scripts], stylesheets: [...stylesheets] };
}

const gzipSize = (bytes: Uint8Array) => gzipSync(bytes, { level: 9 }).length;

async function bytesOf(url: URL): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.pathname} answered ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** Measures the first load of `path` on a running site, compressing each file with gzip -9. */
export async function measureFirstLoad(baseUrl: string, path = "/"): Promise<FirstLoad> {
  const html = await bytesOf(new URL(path, baseUrl));
  const { scripts, stylesheets } = referencedAssets(new TextDecoder().decode(html));
  const sizes = async (urls: string[]) =>
    (await Promise.all(urls.map(async (url) => gzipSize(await bytesOf(new URL(url, baseUrl)))))).reduce((sum, size) => sum + size, 0);
  return { jsGzip: await sizes(scripts), htmlCssGzip: gzipSize(html) + (await sizes(stylesheets)), scripts, stylesheets };
}

/** The first-load budgets of `/`, in bytes of gzip. */
export const firstLoadBudget = { jsGzip: 120 * 1024, htmlCssGzip: 30 * 1024 };
