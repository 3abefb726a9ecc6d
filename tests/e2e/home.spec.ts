import { defaultCompany } from "#app/content/company.ts";
import { claims } from "#app/content/claims.ts";
import { defaultReasons } from "#app/content/defaults.ts";
import { insurers } from "#app/content/home.ts";
import { defaultServices } from "#app/content/services.ts";
import { expect, test } from "./support.ts";

const sectionHeadings = [
  "24/7 Emergency Property Restoration in Philadelphia",
  "TRUSTED BY OUR AREA&#x27;S BEST",
  "We Work With All Major Insurance Companies",
  "Our Services",
  "Why Choose Us",
  "Our Story",
  "First Time Dealing With Property Damage?",
  "How It Works",
  "Insurance and Financing",
];

test.describe("home page", () => {
  for (const path of ["/", "/homepage4"]) {
    test(`${path} renders every section on the server, in the spec's order, with one canonical address`, async ({ page }) => {
      const response = await page.request.get(path);
      expect(response.status()).toBe(200);
      const html = await response.text();
      const positions = sectionHeadings.map((heading) => html.indexOf(heading));
      expect(
        positions.every((position) => position >= 0),
        `missing: ${sectionHeadings.filter((_, index) => positions[index] === -1)}`,
      ).toBe(true);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
      for (const name of insurers) expect(html).toContain(name);
      expect(html).toContain("VETERAN OPERATED. SERVICE READY.");
      expect(html).toContain("GET A FREE ASSESSMENT");
      for (const claim of Object.values(claims)) expect(html).toContain(claim);
      expect(defaultReasons.reasons.map((reason) => reason.text)).toEqual([
        "24/7 rapid response",
        "Veteran operated",
        "Certified and insured",
        "Clean and courteous",
        "Clear communication",
        "Latest technology",
      ]);
      for (const reason of defaultReasons.reasons) expect(html).toContain(reason.text);
      await page.goto(path);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/$/);
    });
  }

  test("the local-business data parses and carries the spec's fields and the real phone", async ({ page }) => {
    await page.goto("/");
    const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}") as Record<string, unknown>;
    expect(data).toMatchObject({
      "@type": "LocalBusiness",
      name: defaultCompany.name,
      telephone: defaultCompany.phone,
      priceRange: "$$",
      address: { addressLocality: "Philadelphia", addressRegion: "PA" },
      areaServed: { geoRadius: 50000 },
      openingHoursSpecification: { opens: "00:00", closes: "23:59" },
      aggregateRating: { ratingValue: "5.0", reviewCount: 150 },
    });
    expect((data.makesOffer as { itemOffered: { name: string } }[]).map((offer) => offer.itemOffered.name)).toEqual(
      defaultServices.slice(0, 3).map((service) => service.title),
    );
  });

  test("trust badges: the first two stand out, the rest form the partner grid, with sizes set", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("list", { name: "Certifications and ratings" }).getByRole("img")).toHaveCount(2);
    await expect(page.getByRole("list", { name: "Partners" }).getByRole("img")).toHaveCount(4);
    for (const image of await page.getByRole("main").getByRole("img").all()) {
      await expect(image).toHaveAttribute("width", /\d+/);
      await expect(image).toHaveAttribute("height", /\d+/);
    }
  });

  test("each service's Discover More leads to its page, mold to the mold section", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Discover More about Water Damage Restoration" }).click();
    await expect(page).toHaveURL(/\/water-damage-restoration$/);
    await page.goBack();
    await page.getByRole("link", { name: "Discover More about Mold Remediation" }).click();
    await expect(page).toHaveURL(/\/fire-mold-restoration#mold-title$/);
    await expect(page.getByRole("heading", { name: "Mold Remediation Services" })).toBeInViewport();
  });
});

test("the sitemap lists the indexable pages only, and robots.txt points at it", async ({ request }) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  for (const path of ["/water-damage-restoration", "/fire-mold-restoration", "/privacy", "/terms"])
    expect(sitemap).toContain(`${path}</loc>`);
  expect(sitemap).not.toContain("homepage");
  expect(sitemap).not.toContain("/admin");
  const robots = await request.get("/robots.txt");
  expect(robots.headers()["content-type"]).toContain("text/plain");
  const rules = await robots.text();
  expect(rules).toMatch(/^Sitemap: http.+\/sitemap\.xml$/m);
  // The sign-in page may be found; the staff area and the sign-in's links and setup may not.
  expect(rules.split("\n").filter((line) => line.startsWith("Disallow:"))).toEqual(["Disallow: /admin", "Disallow: /auth/", "Disallow: /api/"]);
});

test("the menu's section links land below the sticky header, on phones too", async ({ page }) => {
  // An instant jump: a smooth scroll would be measured halfway.
  await page.emulateMedia({ reducedMotion: "reduce" });
  for (const [target, heading] of [
    ["/#services", "Our Services"],
    ["/#about", "Why Choose Us"],
    ["/#contact", "CONTACT"],
  ] as const) {
    await page.goto(target);
    const [headingBox, headerBox] = await Promise.all([
      page.getByRole("heading", { name: heading, exact: true }).boundingBox(),
      page.getByRole("banner").boundingBox(),
    ]);
    expect(headingBox?.y, target).toBeGreaterThanOrEqual((headerBox?.y ?? 0) + (headerBox?.height ?? 0));
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const path of ["/", "/water-damage-restoration", "/areas/ambler"]) {
    test(`${path} sends every section in its place: none waits for a script to move it in`, async ({ page }) => {
      const html = (await (await page.goto(path))?.text()) ?? "";
      expect(html).toContain("</footer>");
      expect(html).not.toMatch(/<template id="B:|<div hidden id="S:/);
    });
  }

  test("the home page's rating, hydrated after the page, shows from the server's HTML", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("#hero-title").locator("xpath=ancestor::section").getByText(/Rated \d\.\d out of 5 from \d+ reviews/)).toBeVisible();
  });
});
