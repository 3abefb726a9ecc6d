import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request, Response } from "express";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import { isShareable, sendCachedPage, type PageCache } from "./page-cache.ts";
import { contentSecurityPolicy, inlineScriptHashes } from "./security-headers.ts";

interface PageHandlerOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "development" | "production";
  getLoadContext: (request: Request) => AppLoadContext;
  https: boolean;
  /** Rendered public pages; absent in development, where code changes under us. */
  cache?: PageCache;
}

/**
 * React Router's request handler. Every document it renders gets a Content-Security-Policy
 * naming the hashes of its own inline scripts; public documents are then kept in the cache under
 * the content version read before rendering, so a save during the render only costs a re-render.
 */
export function createPageHandler({ build, mode, getLoadContext, https, cache }: PageHandlerOptions) {
  const handle = createRequestHandler(build, mode);
  const development = mode === "development";
  return async (request: Request, response: Response, next: NextFunction) => {
    try {
      const key = cache ? cache.keyOf(request.method, request.originalUrl, request.headers) : null;
      const version = key ? await cache?.version() : undefined;
      // Reached here while the version was being read: the page may be in the cache after all.
      const cached = key && version !== undefined ? cache?.lookup(key, version) : undefined;
      if (cached) return sendCachedPage(request, response, cached);
      // Rendered at its key, so what is stored for `/` is what `/` renders, whatever query came with it.
      const answer = await handle(toFetchRequest(request, response, key ?? request.originalUrl), getLoadContext(request));
      if (!answer.headers.get("Content-Type")?.startsWith("text/html") || !answer.body) return await send(response, answer);
      const html = hydrationAfterContent(await answer.text());
      const headers = new Headers(answer.headers);
      headers.set("Content-Security-Policy", contentSecurityPolicy({ https, development, scriptHashes: inlineScriptHashes(html) }));
      if (cache && key && version !== undefined && isShareable(answer.status, headers)) {
        // Stored with the security headers set on the way in, so a hit needs no middleware.
        const stored = new Headers();
        for (const [name, value] of Object.entries(response.getHeaders())) if (typeof value === "string") stored.set(name, value);
        for (const [name, value] of headers) stored.set(name, value);
        return sendCachedPage(request, response, cache.store(key, version, answer.status, stored, html));
      }
      await send(response, new Response(html, { status: answer.status, statusText: answer.statusText, headers }));
    } catch (error) {
      next(error);
    }
  };
}

/** The type of the data block holding the page's module script until it starts. */
export const hydrationScriptType = "text/x-hydration";

/** However slow the main photo, the page is interactive after this long. */
const hydrationAtTheLatestMs = 3_000;

/**
 * Starts the page's module script, kept as a data block, once the first screen is on the screen:
 * its main photo decoded, the first paint reported (where the browser reports paints), and one
 * more frame for the photo's own paint. See `hydrationAfterContent`.
 */
const hydrationStarter = [
  "(function () {",
  "  var started = false;",
  "  function start() {",
  "    if (started) return;",
  "    started = true;",
  '    var module = document.createElement("script");',
  '    module.type = "module";',
  '    module.textContent = document.getElementById("hydration").textContent;',
  "    document.body.appendChild(module);",
  "  }",
  "  function nextFrame(then) {",
  "    requestAnimationFrame(function () {",
  "      setTimeout(then);",
  "    });",
  "  }",
  "  function afterFirstPaint(then) {",
  "    var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];",
  '    if (types.indexOf("paint") < 0) return nextFrame(then);',
  "    new PerformanceObserver(function (list, observer) {",
  '      if (!list.getEntriesByName("first-contentful-paint").length) return;',
  "      observer.disconnect();",
  "      nextFrame(then);",
  '    }).observe({ type: "paint", buffered: true });',
  "  }",
  "  var photo = document.querySelector('img[fetchpriority=\"high\"]');",
  "  var photoDecoded = photo && !photo.complete ? photo.decode().catch(function () {}) : Promise.resolve();",
  "  photoDecoded.then(function () {",
  "    afterFirstPaint(start);",
  "  });",
  `  setTimeout(start, ${hydrationAtTheLatestMs});`,
  "})();",
].join("\n");

/**
 * The page reads, dials and links without JavaScript, so the code that hydrates it waits for the
 * first screen: its preloads are dropped, and the module script that imports it starts once the
 * page has been drawn with its main photo (at the latest after a few seconds, a photo that never
 * comes included). A slow phone spends its bandwidth on the text and the photo first, and the
 * scripts never hold up the largest paint. The module script stays in the page as a data block,
 * so its hash is in the page's script policy like every inline script's.
 */
export function hydrationAfterContent(html: string): string {
  return html
    .replace(/<link rel="modulepreload"[^>]*>/g, "")
    .replace(/<script type="module" async="">([\s\S]*?)<\/script>/, (_script, body: string) => `<script type="${hydrationScriptType}" id="hydration">${body}</script><script>${hydrationStarter}</script>`);
}

function toFetchRequest(request: Request, response: Response, address: string): globalThis.Request {
  const url = new URL(address, `${request.protocol}://${request.host || "localhost"}`);
  const controller = new AbortController();
  response.on("close", () => {
    if (!response.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, item);
  }
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  // A form's body was read (within its cap) by `boundedBodies`; the upload routes stream theirs.
  const body: unknown = request.body;
  return new globalThis.Request(url, {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: Buffer.isBuffer(body) ? new Uint8Array(body) : createReadableStreamFromReadable(request), duplex: "half" } : {}),
  });
}

async function send(response: Response, answer: globalThis.Response): Promise<void> {
  if (response.destroyed || response.writableEnded) return void (await answer.body?.cancel());
  response.statusMessage = answer.statusText;
  response.status(answer.status);
  for (const [name, value] of answer.headers) {
    // Headers the app sets (a document's CSP, a file's type) win over the defaults set before.
    if (name === "set-cookie") response.append(name, value);
    else response.setHeader(name, value);
  }
  if (!answer.body) return void response.end();
  try {
    await writeReadableStreamToWritable(answer.body, response);
  } catch (error) {
    if (!response.destroyed && !response.writableEnded) throw error;
  }
}
