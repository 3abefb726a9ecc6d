import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";

/**
 * Sets the security headers on every response. Scripts run only from our origin or with this
 * response's nonce (React Router's inline hydration data); nothing may frame the site.
 */
export function securityHeaders({ https, development }: { https: boolean; development: boolean }): RequestHandler {
  return (_request, response, next) => {
    const nonce = randomBytes(16).toString("base64");
    response.locals.cspNonce = nonce;
    const scriptSources = development ? "'self' 'unsafe-inline'" : `'self' 'nonce-${nonce}'`;
    const policy = [
      "default-src 'self'",
      `script-src ${scriptSources}`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self'",
      `connect-src 'self'${development ? " ws:" : ""}`,
      "form-action 'self'",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "object-src 'none'",
      ...(https ? ["upgrade-insecure-requests"] : []),
    ];
    response.setHeader("Content-Security-Policy", policy.join("; "));
    response.setHeader("X-Content-Type-Options", "nosniff");
    response.setHeader("X-Frame-Options", "DENY");
    response.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    response.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()");
    response.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    if (https) response.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}
