import { describe, expect, it } from "vitest";
import { dynamicImports, staticImports } from "./first-load.ts";

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
