import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, inlineScriptHashes } from "./security-headers.ts";

describe("inline script hashes", () => {
  it("hashes each inline script's text as the browser does, and skips scripts loaded from a file", () => {
    const html = [
      "<html><head><script src=\"/assets/a.js\"></script></head><body>",
      "<script>window.ready = true;</script>",
      '<script type="application/ld+json">{"@type":"Thing"}</script>',
      '<script type="module" src="/assets/b.js"></script>',
      "<script>window.ready = true;</script>",
      "</body></html>",
    ].join("");
    expect(inlineScriptHashes(html)).toEqual([
      "sha256-asm8aAmFS8uQhg2Eqy2o33b0pmZM8bVE6479NcKZ0mk=",
      "sha256-KL5dpSVcjoyGmB0tQRx7wKKsyD4Or/2ncV0kWRwce90=",
    ]);
  });
});

describe("content security policy", () => {
  it("allows inline scripts by their hashes only, never wholesale, in production", () => {
    const policy = contentSecurityPolicy({ https: true, development: false, scriptHashes: ["sha256-abc="] });
    expect(policy).toContain("script-src 'self' 'sha256-abc='; ");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(policy).toContain("upgrade-insecure-requests");
    expect(contentSecurityPolicy({ https: false, development: false })).toContain("script-src 'self'; ");
  });

  it("lets Vite's inline scripts run in development", () => {
    expect(contentSecurityPolicy({ https: false, development: true })).toContain("script-src 'self' 'unsafe-inline'");
  });
});
