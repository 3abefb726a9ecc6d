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

/** Scripts (src, modulepreload, imports of inline modules) and stylesheets an HTML document names itself. */
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

/**
 * The static imports of a built module (`import … from "./x.js"`, `import "./x.js"`,
 * `export … from "./x.js"`), resolved against its URL. Dynamic `import()` is left out: what it
 * loads is loaded later, not for the first view.
 */
export function staticImports(code: string, moduleUrl: URL): URL[] {
  const specifiers = [...code.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]*?from\s*)?["']([^"']+)["']/g)].map(([, specifier]) => specifier);
  return specifiers.filter((specifier): specifier is string => Boolean(specifier)).map((specifier) => new URL(specifier, moduleUrl));
}

/**
 * Measures the first load of `path` on a running site, compressing each file with gzip -9: the
 * scripts the HTML names and everything they import statically, however deep.
 */
export async function measureFirstLoad(baseUrl: string, path = "/"): Promise<FirstLoad> {
  const html = await bytesOf(new URL(path, baseUrl));
  const { scripts, stylesheets } = referencedAssets(new TextDecoder().decode(html));
  const seen = new Map<string, number>();
  const visit = async (url: URL): Promise<void> => {
    if (seen.has(url.pathname)) return;
    seen.set(url.pathname, 0);
    const bytes = await bytesOf(url);
    seen.set(url.pathname, gzipSize(bytes));
    await Promise.all(staticImports(new TextDecoder().decode(bytes), url).map(visit));
  };
  await Promise.all(scripts.map((script) => visit(new URL(script, baseUrl))));
  const stylesheetBytes = await Promise.all(stylesheets.map(async (url) => gzipSize(await bytesOf(new URL(url, baseUrl)))));
  return {
    jsGzip: [...seen.values()].reduce((sum, size) => sum + size, 0),
    htmlCssGzip: gzipSize(html) + stylesheetBytes.reduce((sum, size) => sum + size, 0),
    scripts: [...seen.keys()],
    stylesheets,
  };
}

/** The first-load budgets of `/`, in bytes of gzip. */
export const firstLoadBudget = { jsGzip: 120 * 1024, htmlCssGzip: 30 * 1024 };
