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

/**
 * The page reads, dials and links without JavaScript, so the code that hydrates it is not
 * preloaded: the browser asks for it when the page's module script runs, once the document is
 * in, and a slow phone paints the text before it spends its bandwidth on scripts.
 */
export function hydrationAfterContent(html: string): string {
  return html.replace(/<link rel="modulepreload"[^>]*>/g, "");
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
