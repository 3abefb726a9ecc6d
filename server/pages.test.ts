import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { inlineScriptHashes } from "./security-headers.ts";
import { hydrationAfterContent } from "./pages.ts";

const moduleScript = 'import * as route0 from "/assets/root-a.js";\nimport("/assets/entry.client-a.js");';
const page =
  '<head><link rel="modulepreload" href="/assets/entry.client-a.js"/><link rel="icon" href="/favicon.svg"/></head>' +
  `<body><h1>Help</h1><script>window.__reactRouterContext = {};</script><script type="module" async="">${moduleScript}</script></body>`;

describe("hydrationAfterContent", () => {
  it("drops the preloads of the hydration code and keeps the page's module script as a data block, started by a script of its own", () => {
    const html = hydrationAfterContent(page);
    expect(html).not.toContain("modulepreload");
    expect(html).toContain('<link rel="icon" href="/favicon.svg"/>');
    expect(html).toContain("<h1>Help</h1><script>window.__reactRouterContext = {};</script>");
    expect(html).not.toContain('type="module"');
    expect(html).toContain(`<script type="text/x-hydration" id="hydration">${moduleScript}</script><script>(function () {`);
  });

  it("leaves the module script's text in the page, so the script policy allows it when the starter runs it", () => {
    const sha = `sha256-${createHash("sha256").update(moduleScript).digest("base64")}`;
    expect(inlineScriptHashes(hydrationAfterContent(page))).toContain(sha);
  });
});
