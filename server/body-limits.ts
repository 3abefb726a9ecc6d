import type { Request, RequestHandler, Response } from "express";

const kilobyte = 1024;

/**
 * Routes that read their bodies as streams and bound them themselves: the request intake (each
 * photo and the whole body capped as they arrive, for visitors and for staff logging a call) and the staff image upload (its declared length
 * checked against the file limit, after the role check, before a byte is read).
 */
const streamedPaths = new Set(["/api/service-requests", "/request", "/admin/requests/log-call", "/admin/uploads"]);

/**
 * The largest body each form may send, by path prefix (first match wins), with room for every
 * field at its longest in characters that take nine bytes URL-encoded (三 is %E4%B8%89): 30 trust
 * badges come to about 165 KB, five service cards to 75 KB, twelve reasons with their details to 50 KB, a 2,000-character
 * note to 18 KB, twelve town intros of 600 characters to 66 KB. Everything else (sign-in, sign-up, setup, the hero and settings, user roles,
 * status changes) fits in the default.
 */
const bodyCaps: [prefix: string, bytes: number][] = [
  ["/admin/trust-badges", 256 * kilobyte],
  ["/admin/services", 128 * kilobyte],
  ["/admin/towns", 96 * kilobyte],
  ["/admin/mission", 64 * kilobyte],
  ["/admin/requests/", 32 * kilobyte],
];
export const defaultBodyCap = 16 * kilobyte;

/**
 * What is read and dropped past the cap before the answer, so a browser still sending sees it
 * (an answer sent mid-upload is often lost when the connection closes); beyond it we answer at
 * once and close the connection within `lingerMs`.
 */
const drainBytes = 1024 * kilobyte;
/**
 * How long a client still sending a body far over its cap has, after the answer, to stop: what
 * arrives meanwhile is dropped unread. Closing a socket with bytes unread makes the kernel send
 * a reset, which can wipe the answer from the client's buffer before it is read (one 300 MB post
 * in eight got no answer at all); nginx's lingering close does the same.
 */
export const lingerMs = 2_000;

/** The cap for a path (`.data` is the same route's client-navigation twin), or null for a route that streams its own. */
export function bodyCapOf(path: string): number | null {
  const route = path.toLowerCase().replace(/\.data$/, "");
  if (streamedPaths.has(route)) return null;
  return bodyCaps.find(([prefix]) => route.startsWith(prefix))?.[1] ?? defaultBodyCap;
}

export const bodyMessages = {
  tooLarge: (cap: number) => `This form is too large to send (at most ${cap / kilobyte} KB). Please shorten what you typed and try again.`,
  nul: "The form contains a character that cannot be accepted (a NUL byte). Please remove it and try again.",
};

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Every form body is read here, before any route sees it, and only up to its path's cap: a
 * larger one is answered 413 whether it declared its length or arrives in chunks without one,
 * and never held in memory. The body read is handed on as `request.body` (a Buffer).
 */
export function boundedBodies(): RequestHandler {
  return (request, response, next) => {
    if (safeMethods.has(request.method)) return next();
    const cap = bodyCapOf(request.path);
    if (cap === null) return next();
    if (Number(request.headers["content-length"] ?? 0) > cap + drainBytes) return tooLarge(request, response, cap, { hangUp: true });

    const chunks: Buffer[] = [];
    let received = 0;
    const stop = () => {
      request.off("data", onData);
      request.off("end", onEnd);
      request.off("error", stop);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received <= cap) chunks.push(chunk);
      else if (received > cap + drainBytes) {
        stop();
        tooLarge(request, response, cap, { hangUp: true });
      }
    };
    const onEnd = () => {
      stop();
      if (received > cap) return tooLarge(request, response, cap, { hangUp: false });
      const body = Buffer.concat(chunks);
      if (carriesNul(body, request.headers["content-type"])) {
        request.log.warn("Refused a form with a NUL byte");
        return void response.status(400).type("text/plain").send(bodyMessages.nul);
      }
      request.body = body;
      next();
    };
    // A client that goes away mid-body gets no answer: there is nobody to read it.
    request.on("data", onData);
    request.on("end", onEnd);
    request.on("error", stop);
  };
}

function tooLarge(request: Request, response: Response, cap: number, { hangUp }: { hangUp: boolean }): void {
  request.log.warn({ cap }, "Refused a body over its cap");
  const message = bodyMessages.tooLarge(cap);
  if (!hangUp) return void response.status(413).type("text/plain").send(message);
  // The whole answer goes out now, its length declared so the client needs nothing more; the
  // response ends, and Node closes the connection, once the body stops or the time is up.
  response.writeHead(413, { "Content-Type": "text/plain; charset=utf-8", "Content-Length": Buffer.byteLength(message), Connection: "close" });
  response.write(message);
  request.resume();
  const close = () => {
    clearTimeout(deadline);
    response.end();
  };
  const deadline = setTimeout(close, lingerMs).unref();
  request.once("end", close);
}

/**
 * No form of ours carries a NUL character, and PostgreSQL text cannot store one: refused here once
 * for every form, raw (multipart) or percent-encoded (URL-encoded), rather than failing in a query.
 */
function carriesNul(body: Buffer, contentType: string | undefined): boolean {
  if (body.includes(0)) return true;
  return (contentType ?? "").toLowerCase().startsWith("application/x-www-form-urlencoded") && body.includes("%00");
}
