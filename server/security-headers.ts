import { createHash } from "node:crypto";
import type { RequestHandler } from "express";

interface PolicyOptions {
  https: boolean;
  development: boolean;
  /** `sha256-…` sources of the inline scripts a document carries. */
  scriptHashes?: string[];
}

/**
 * Scripts run only from our origin, or inline when their hash is listed: a document and its
 * policy are made together, so a cached page keeps a policy that fits it (a nonce could not be
 * cached). Nothing may frame the site.
 */
export function contentSecurityPolicy({ https, development, scriptHashes = [] }: PolicyOptions): string {
  const scriptSources = development ? ["'self'", "'unsafe-inline'"] : ["'self'", ...scriptHashes.map((hash) => `'${hash}'`)];
  return [
    "default-src 'self'",
    `script-src ${scriptSources.join(" ")}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${development ? " ws:" : ""}`,
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/** The CSP hash of every inline script in an HTML document, as the browser computes it. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", body = ""] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\ssrc=/i.test(attributes)) continue;
    hashes.add(`sha256-${createHash("sha256").update(body).digest("base64")}`);
  }
  return [...hashes];
}

/**
 * Sets the security headers on every response. Documents rendered by the app replace the
 * Content-Security-Policy with one listing their inline scripts' hashes.
 */
export function securityHeaders({ https, development }: { https: boolean; development: boolean }): RequestHandler {
  const policy = contentSecurityPolicy({ https, development });
  return (_request, response, next) => {
    response.setHeader("Content-Security-Policy", policy);
    response.setHeader("X-Content-Type-Options", "nosniff");
    response.setHeader("X-Frame-Options", "DENY");
    response.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    response.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()");
    response.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    if (https) response.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}
