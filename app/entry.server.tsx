import { createReadableStreamFromReadable } from "@react-router/node";
import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type AppLoadContext, type EntryContext, type HandleErrorFunction } from "react-router";

export const streamTimeout = 5_000;

/**
 * Renders the whole document before sending it (onAllReady, for people and crawlers alike):
 * our loaders return complete data, so there is nothing to stream, and a finished document
 * compresses as one piece.
 *
 * Every section is sent in its place. By default React moves a Suspense boundary found after the
 * first 12.8 KB to the end of the document, behind an empty placeholder that an inline script fills:
 * without JavaScript the section would never show (the rating, projects and reviews hydrated
 * `later`), and a slow phone would paint the page once without it, then push the rest down.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} />,
      {
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          loadContext.logger.error({ err: error, path: new URL(request.url).pathname }, "Rendering failed");
        },
      },
    );
    setTimeout(abort, streamTimeout + 1_000);
  });
}

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  context.logger.error({ err: error, path: new URL(request.url).pathname }, "Unhandled error while serving a request");
};
