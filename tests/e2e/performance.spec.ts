import { firstLoadBudget, measureFirstLoad } from "../../scripts/bench/first-load.ts";
import { lighthousePages, runLighthouse } from "../../scripts/bench/lighthouse.ts";
import { test as withoutHydrationWait, type Page } from "@playwright/test";
import { expect, holdRequests, siteScript, test, waitForHydration } from "./support.ts";

// Runs in the desktop project only (see playwright.config.ts): it measures the server, not a device.

test("the first load of / stays within its byte budgets, without the request dialog", async ({ baseURL }) => {
  const firstLoad = await measureFirstLoad(baseURL ?? "", "/");
  expect(firstLoad.scripts.length).toBeGreaterThan(0);
  expect(firstLoad.jsGzip, "JavaScript of the first load, bytes of gzip").toBeLessThanOrEqual(firstLoadBudget.jsGzip);
  expect(firstLoad.htmlCssGzip, "HTML and CSS of the first load, bytes of gzip").toBeLessThanOrEqual(firstLoadBudget.htmlCssGzip);
  // The dialog's own module loads on idle or when opened; only its small host is in the first load.
  expect(firstLoad.scripts.filter((script) => /\/request-dialog-(?!host-)[\w-]+\.js$/.test(script))).toEqual([]);
  // The stylesheet is in the document: no request stands between the HTML and the first paint.
  expect(firstLoad.stylesheets).toEqual([]);
});

/**
 * Opens `/` with a main photo (as an uploaded hero is marked) whose answer waits until `release` is
 * called, and records every script the page asks for.
 */
async function homeWithHeldPhoto(page: Page) {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (siteScript.test(request.url())) scripts.push(request.url());
  });
  const release = await holdRequests(page, "**/illustrations/hero.svg?held");
  await page.route(/\/$/, async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(/<main\b[^>]*>/, (main) => `${main}<img src="/illustrations/hero.svg?held" alt="" fetchpriority="high" width="16" height="9">`);
    const headers = { ...response.headers() };
    delete headers["content-length"];
    delete headers["content-encoding"];
    await route.fulfill({ response, body: html, headers });
  });
  await page.goto("/", { waitUntil: "commit" });
  await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0);
  // A few frames after the first paint: a script asked for by the document would have been asked for by now.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve)))));
  return { release, scripts };
}

withoutHydrationWait("the hydration code is asked for once the page is drawn with its main photo, not before", async ({ page }) => {
  const { release, scripts } = await homeWithHeldPhoto(page);
  expect(scripts).toEqual([]);
  release();
  await waitForHydration(page);
  expect(scripts.some((script) => /\/entry\.client-[\w-]+\.js$/.test(script))).toBe(true);
});

withoutHydrationWait("a main photo that never comes holds the hydration only a few seconds", async ({ page }) => {
  const { scripts } = await homeWithHeldPhoto(page);
  expect(scripts).toEqual([]);
  await waitForHydration(page);
  expect(scripts.some((script) => /\/entry\.client-[\w-]+\.js$/.test(script))).toBe(true);
});

test("no public page's scripts carry the staff dashboard's charts", async ({ baseURL, request }) => {
  for (const path of ["/", "/water-damage-restoration", "/fire-mold-restoration", "/request"]) {
    const { scripts } = await measureFirstLoad(baseURL ?? "", path);
    expect(scripts.length, path).toBeGreaterThan(0);
    for (const script of scripts) {
      const code = await (await request.get(script)).text();
      expect(code, `${path}: ${script}`).not.toContain("Chart colours");
    }
  }
});

test("a public page is answered in brotli with a policy naming its inline scripts, the same on every visit", async ({ request }) => {
  const first = await request.get("/water-damage-restoration", { headers: { "Accept-Encoding": "br" } });
  const second = await request.get("/water-damage-restoration", { headers: { "Accept-Encoding": "br" } });
  for (const response of [first, second]) {
    expect(response.status()).toBe(200);
    expect(response.headers()["content-encoding"]).toBe("br");
    expect(response.headers()["vary"]).toBe("Accept-Encoding");
    expect(response.headers()["set-cookie"]).toBeUndefined();
  }
  expect(await second.text()).toBe(await first.text());
  // The second answer came from the cache: it carries the security headers all the same.
  expect(second.headers()["x-frame-options"]).toBe("DENY");
  expect(second.headers()["x-content-type-options"]).toBe("nosniff");
  expect(second.headers()["content-security-policy"]).toBe(first.headers()["content-security-policy"]);
  expect(first.headers()["content-security-policy"]).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
});

test("assets are served in their brotli twin made at build time", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const script = /\/assets\/entry\.client-[\w-]+\.js/.exec(html)?.[0] ?? "no entry script referenced";
  const plain = await request.get(script, { headers: { "Accept-Encoding": "identity" } });
  const response = await fetch(new URL(script, plain.url()), { headers: { "Accept-Encoding": "br" } });
  expect(response.headers.get("content-encoding")).toBe("br");
  expect(response.headers.get("content-type")).toMatch(/^text\/javascript/);
  expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  // Node's fetch decodes for us; compare with the plain file to prove the twin holds the same bytes.
  expect(Buffer.from(await response.arrayBuffer())).toEqual(await plain.body());
});

for (const path of lighthousePages) {
  test(`Lighthouse scores ${path} 100 for accessibility, best practices and SEO`, async ({ baseURL }) => {
    test.setTimeout(240_000);
    const run = await runLighthouse(new URL(path, baseURL).href, ["accessibility", "best-practices", "seo"]);
    expect(run.scores.accessibility).toBe(100);
    expect(run.scores["best-practices"]).toBe(100);
    expect(run.failedSeoAudits).toEqual([]);
    expect(run.scores.seo).toBe(100);
  });
}
