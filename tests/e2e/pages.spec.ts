import { defaultCompany } from "#app/content/company.ts";
import { indexablePaths } from "#app/routes/sitemap.ts";
import { inlineScriptHashes } from "#server/security-headers.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { expect, test } from "./support.ts";

const publicPages = ["/", "/homepage4", "/request", "/privacy", "/terms", "/no-such-page"];

test.describe("public pages", () => {
  for (const path of publicPages) {
    test(`${path} has no accessibility violations`, async ({ page }) => {
      await page.goto(path);
      await expectNoAxeViolations(page);
    });
  }

  test("an unknown path answers 404 with the spec's page and a way home", async ({ page }) => {
    const response = await page.goto("/no-such-page/deeper");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! Page not found");
    await page.getByRole("main").getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("a failing request shows the error screen inside the site, with the phone line", async ({ request }) => {
    const response = await request.post("/", { form: { anything: "x" } });
    expect(response.status()).toBe(405);
    const html = await response.text();
    expect(html).toContain("Unexpected Application Error!");
    expect(html).toContain('href="tel:+12155550142"');
    expect(html).not.toMatch(/\bat [\w.]+ \(/);
  });

  test("every page in the sitemap has its own title and description, a canonical address and share tags", async ({ page }) => {
    // Some 30 pages, each loaded and hydrated.
    test.slow();
    const seen = { titles: new Set<string>(), descriptions: new Set<string>() };
    for (const path of indexablePaths) {
      await page.goto(path);
      const title = await page.title();
      const description = (await page.locator('meta[name="description"]').getAttribute("content")) ?? "";
      expect(description.length, path).toBeGreaterThan(50);
      seen.titles.add(title);
      seen.descriptions.add(description);
      const address = new RegExp(`//[^/]+${path === "/" ? "/" : path}$`);
      await expect(page.locator('link[rel="canonical"]'), path).toHaveAttribute("href", address);
      await expect(page.locator('meta[property="og:url"]'), path).toHaveAttribute("content", address);
      await expect(page.locator('meta[property="og:title"]'), path).toHaveAttribute("content", title);
      await expect(page.locator('meta[property="og:description"]'), path).toHaveAttribute("content", description);
      await expect(page.locator('meta[property="og:site_name"]'), path).toHaveAttribute("content", defaultCompany.name);
      await expect(page.locator('meta[name="twitter:card"]'), path).toHaveAttribute("content", "summary_large_image");
      expect((await page.locator('meta[name="keywords"]').getAttribute("content"))?.split(", ").length, path).toBeGreaterThanOrEqual(4);
      // The share image is served from this site, at the size the tags announce.
      const image = (await page.locator('meta[property="og:image"]').getAttribute("content")) ?? "";
      await expect(page.locator('meta[name="twitter:image"]'), path).toHaveAttribute("content", image);
      expect(new URL(image).pathname, path).toBe("/share.png");
      await expect(page.locator('meta[name="robots"]'), path).toHaveCount(0);
    }
    const share = await page.request.get("/share.png");
    expect(share.headers()["content-type"]).toBe("image/png");
    expect(share.status()).toBe(200);
    expect(seen.titles.size).toBe(indexablePaths.length);
    expect(seen.descriptions.size).toBe(indexablePaths.length);
  });

  test("privacy policy says what the request form collects, why, how long and who sees it", async ({ page }) => {
    await page.goto("/privacy");
    const main = page.getByRole("main");
    for (const words of [/photos/i, /365 days/, /30 days/, /never sell/i, /approved/i]) {
      await expect(main.getByText(words).first()).toBeVisible();
    }
    await expect(main.getByText(defaultCompany.officeEmail).first()).toBeVisible();
  });

  test("terms of service cover emergencies and the free assessment", async ({ page }) => {
    await page.goto("/terms");
    const main = page.getByRole("main");
    await expect(main.getByText(/911/).first()).toBeVisible();
    await expect(main.getByText(/free assessment/i).first()).toBeVisible();
  });
});

test.describe("server", () => {
  test("/livez answers 200, and /readyz and its older name /healthz 200 while the database, storage and outbox worker are up", async ({ request }) => {
    const live = await request.get("/livez");
    expect(live.status()).toBe(200);
    expect(live.headers()["cache-control"]).toBe("no-store");
    for (const path of ["/readyz", "/healthz"]) {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      expect(await response.json()).toEqual({ status: 200, database: "up", storage: "up", outbox: "running", down: [] });
      expect(response.headers()["cache-control"]).toBe("no-store");
    }
  });

  test("a page served from the page cache carries its own request id, or the proxy's", async ({ request }) => {
    const ids = [];
    for (let round = 0; round < 3; round++) ids.push((await request.get("/")).headers()["x-request-id"]);
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const traced = await request.get("/", { headers: { "X-Request-Id": "edge-4f2c" } });
    expect(traced.headers()["x-request-id"]).toBe("edge-4f2c");
  });

  test("every page carries the security headers", async ({ request }) => {
    for (const path of ["/", "/no-such-page"]) {
      const response = await request.get(path);
      const headers = response.headers();
      // Inline scripts run by hash, so a cached page keeps a policy that fits it.
      const scriptSources = /script-src ([^;]+)/.exec(headers["content-security-policy"] ?? "")?.[1]?.split(" ");
      expect(scriptSources).toEqual(["'self'", ...inlineScriptHashes(await response.text()).map((hash) => `'${hash}'`)]);
      expect(scriptSources?.length).toBeGreaterThan(1);
      expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["x-frame-options"]).toBe("DENY");
      expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(headers["permissions-policy"]).toContain("camera=()");
      expect(headers["x-powered-by"]).toBeUndefined();
    }
  });

  test("the page runs under its CSP without violations", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") violations.push(message.text());
    });
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
    expect(violations).toEqual([]);
  });

  test("hashed assets are cached for good, and responses are compressed", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const asset = html.match(/\/assets\/[\w.-]+\.js/)?.[0] ?? "no asset referenced";
    const response = await request.get(asset, { headers: { "Accept-Encoding": "gzip" } });
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers()["content-encoding"]).toBe("gzip");
    const page = await request.get("/privacy", { headers: { "Accept-Encoding": "gzip" } });
    expect(page.headers()["content-encoding"]).toBe("gzip");
  });

  test("a missing asset is a plain 404, not a page", async ({ request }) => {
    const response = await request.get("/assets/missing-abc123.js");
    expect(response.status()).toBe(404);
    expect(response.headers()["content-type"]).toMatch(/^text\/plain/);
    expect(await response.text()).toBe("Not found");
  });
});
