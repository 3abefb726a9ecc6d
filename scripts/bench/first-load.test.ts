import { describe, expect, it } from "vitest";
import { hydrationAfterContent } from "#server/pages.ts";
import { dynamicImports, referencedAssets, staticImports } from "./first-load.ts";

describe("staticImports", () => {
  it("follows what a built module imports or re-exports, not what it loads later", () => {
    const code =
      'import{N as e,t}from"./jsx-runtime-a.js";import"./side-effect-b.js";export{x}from"./re-export-c.js";' +
      'const later=()=>import("./request-dialog-d.js");var s="import nothing";';
    expect(staticImports(code, new URL("http://site.example/assets/home-e.js")).map((url) => url.pathname)).toEqual([
      "/assets/jsx-runtime-a.js",
      "/assets/side-effect-b.js",
      "/assets/re-export-c.js",
    ]);
  });
});

describe("dynamicImports", () => {
  it("finds what a built module loads later, not what it imports at once", () => {
    const code = 'import{t}from"./jsx-runtime-a.js";const later=()=>import(`./request-dialog-d.js`),also=()=>import( "../b/c.js" );';
    expect(dynamicImports(code, new URL("http://site.example/assets/site-e.js")).map((url) => url.pathname)).toEqual([
      "/assets/request-dialog-d.js",
      "/b/c.js",
    ]);
  });
});

describe("referencedAssets", () => {
  it("counts the imports of the page's module script, kept as a data block until the page is drawn", () => {
    const html = hydrationAfterContent(
      '<head><link rel="modulepreload" href="/assets/root-a.js"/></head><body><h1>Help</h1>' +
        '<script type="module" async="">import * as route0 from "/assets/root-a.js";\nimport("/assets/entry.client-b.js");</script></body>',
    );
    expect(referencedAssets(html).scripts).toEqual(["/assets/root-a.js", "/assets/entry.client-b.js"]);
  });
});
