import { gzipSync } from "node:zlib";
import { hydrationScriptType } from "#server/pages.ts";

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

/** Scripts (src, modulepreload, imports of inline modules, started at once or once the page is drawn) and stylesheets an HTML document names itself. */
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
    const type = attribute(attributes, "type");
    if (type === "module" || type === hydrationScriptType) {
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
  const modules = await gzipModuleGraph(
    scripts.map((script) => new URL(script, baseUrl)),
    new Set(),
  );
  const stylesheetBytes = await Promise.all(stylesheets.map(async (url) => gzipSize(await bytesOf(new URL(url, baseUrl)))));
  return {
    jsGzip: sumOf(modules.values()),
    htmlCssGzip: gzipSize(html) + sumOf(stylesheetBytes),
    scripts: [...modules.keys()],
    stylesheets,
  };
}

const sumOf = (sizes: Iterable<number>) => [...sizes].reduce((sum, size) => sum + size, 0);

/** Gzip bytes of each module reachable from `entries` by static imports, by path, leaving out the paths in `loaded`. */
async function gzipModuleGraph(entries: URL[], loaded: ReadonlySet<string>): Promise<Map<string, number>> {
  const seen = new Map<string, number>();
  const visit = async (url: URL): Promise<void> => {
    if (seen.has(url.pathname) || loaded.has(url.pathname)) return;
    seen.set(url.pathname, 0);
    const bytes = await bytesOf(url);
    seen.set(url.pathname, gzipSize(bytes));
    await Promise.all(staticImports(new TextDecoder().decode(bytes), url).map(visit));
  };
  await Promise.all(entries.map(visit));
  return seen;
}

/** The `import("./x.js")` of a built module, resolved against its URL. */
export function dynamicImports(code: string, moduleUrl: URL): URL[] {
  return [...code.matchAll(/\bimport\(\s*["'`]([^"'`]+)["'`]\s*\)/g)].flatMap(([, specifier]) => (specifier ? [new URL(specifier, moduleUrl)] : []));
}

/**
 * What a chunk loaded later costs on top of the first load of `path`: the gzip bytes of the
 * module whose file name starts with `chunkName` (found among the first load's dynamic imports)
 * and of everything it imports that the first load did not already bring.
 */
export async function measureLazyChunk(baseUrl: string, path: string, chunkName: string): Promise<number> {
  const firstLoad = await measureFirstLoad(baseUrl, path);
  const loaded = new Set(firstLoad.scripts);
  const lazy = await Promise.all(
    firstLoad.scripts.map(async (script) => {
      const url = new URL(script, baseUrl);
      return dynamicImports(new TextDecoder().decode(await bytesOf(url)), url);
    }),
  );
  const chunk = lazy.flat().find((url) => url.pathname.split("/").at(-1)?.startsWith(`${chunkName}-`));
  if (!chunk) throw new Error(`No chunk named ${chunkName} is loaded later by ${path}`);
  return sumOf((await gzipModuleGraph([chunk], loaded)).values());
}

/** The first-load budgets of `/`, in bytes of gzip. */
export const firstLoadBudget = { jsGzip: 120 * 1024, htmlCssGzip: 30 * 1024 };
