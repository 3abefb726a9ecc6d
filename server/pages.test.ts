import { describe, expect, it } from "vitest";
import { hydrationAfterContent } from "./pages.ts";

describe("hydrationAfterContent", () => {
  it("drops the preloads of the hydration code and keeps everything else", () => {
    const html =
      '<head><link rel="modulepreload" href="/assets/entry.client-a.js"/><link rel="icon" href="/favicon.svg"/></head>' +
      '<body><h1>Help</h1><script type="module" async="">import "/assets/entry.client-a.js";</script></body>';
    expect(hydrationAfterContent(html)).toBe(
      '<head><link rel="icon" href="/favicon.svg"/></head><body><h1>Help</h1><script type="module" async="">import "/assets/entry.client-a.js";</script></body>',
    );
  });
});
