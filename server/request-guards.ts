import type { RequestHandler } from "express";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF defence for every state-changing request: a browser always says where a form or fetch
 * came from (Origin, or Sec-Fetch-Site), and only our own pages may post to us. Clients that are
 * not browsers send neither, and carry no visitor's cookies, so they pass.
 */
export function sameOriginWrites(publicUrl: string): RequestHandler {
  const publicOrigin = new URL(publicUrl).origin;
  return (request, response, next) => {
    if (safeMethods.has(request.method)) return next();
    const origin = request.get("origin");
    const sameSite = origin
      ? origin === publicOrigin || hostOf(origin) === request.get("host")
      : request.get("sec-fetch-site") !== "cross-site";
    if (sameSite) return next();
    request.log.warn({ origin }, "Refused a cross-site request");
    response.status(403).type("text/plain").send("Cross-site requests are not accepted.");
  };
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

const privatePrefixes = ["/admin", "/auth"];

/** `/admin`, `/admin/users`, and the data requests of client navigation (`/admin.data`). */
function isPrivatePath(path: string): boolean {
  return privatePrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}.`));
}

/** The staff sign-in page may be found by search engines; it is still never cached. */
const indexablePrivatePaths = new Set(["/auth"]);

/** Staff pages are never stored by a browser cache or a CDN, and never indexed (but for the sign-in page). */
export function privatePages(): RequestHandler {
  return (request, response, next) => {
    if (isPrivatePath(request.path)) {
      response.setHeader("Cache-Control", "private, no-store");
      if (!indexablePrivatePaths.has(request.path)) response.setHeader("X-Robots-Tag", "noindex, nofollow");
    }
    next();
  };
}
