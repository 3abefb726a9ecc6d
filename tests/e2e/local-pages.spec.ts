import { defaultCompany, telHref } from "#app/content/company.ts";
import { commercialRestorationPage } from "#app/content/commercial-restoration.ts";
import { financingPage, insuranceGuidePage } from "#app/content/guides.ts";
import { shareImage } from "#app/content/seo.ts";
import { sewageBackupPage } from "#app/content/sewage-backup.ts";
import { stormDamagePage } from "#app/content/storm-damage.ts";
import { defaultTownIntro } from "#app/content/town-intros.ts";
import { townBySlug, townPath, towns } from "#app/content/towns.ts";
import { requestTopicNotes } from "#app/features/service-request/topics.ts";
import { indexablePaths } from "#app/routes/sitemap.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { expect, test } from "./support.ts";

const generatedServicePages = { storm: stormDamagePage, sewage: sewageBackupPage, commercial: commercialRestorationPage };
const financingRequestNote = requestTopicNotes.financing;

/** Text as React writes it into server-rendered HTML. */
const asHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

type JsonLdBlock = { "@type": string; [key: string]: unknown };

/** The structured data blocks a page's HTML carries, by type. */
function jsonLdOf(html: string): Map<string, JsonLdBlock> {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (match) => JSON.parse(match[1] ?? "null") as JsonLdBlock,
  );
  return new Map(blocks.map((block) => [block["@type"], block]));
}

function breadcrumbNames(block: JsonLdBlock | undefined): string[] {
  return ((block?.itemListElement ?? []) as { name: string }[]).map((item) => item.name);
}

for (const copy of Object.values(generatedServicePages)) {
  test.describe(copy.path, () => {
    test("the server renders its own content, the towns, a way to call and its structured data", async ({ request }) => {
      const response = await request.get(copy.path);
      expect(response.status()).toBe(200);
      const html = await response.text();
      const texts = [
        copy.hero.title,
        ...copy.sections.flatMap((section) => [section.title, ...section.items.map((item) => item.title)]),
        ...copy.process.map((step) => step.title),
        ...copy.questions.flatMap((item) => [item.question, item.answer]),
        copy.closing.title,
        ...towns.map((town) => `${town.name}, PA`),
      ];
      expect(texts.filter((text) => !html.includes(asHtml(text)))).toEqual([]);
      expect(html).toContain(`href="${telHref(defaultCompany.phone)}"`);
      expect(html).toContain('href="/request"');
      for (const town of towns) expect(html).toContain(`href="${townPath(town)}"`);

      const data = jsonLdOf(html);
      const service = data.get("Service");
      expect(service).toMatchObject({ serviceType: copy.name, provider: { "@type": "LocalBusiness", telephone: defaultCompany.phone } });
      expect((service?.areaServed as { name: string }[]).map((area) => area.name)).toEqual(towns.map((town) => `${town.name}, PA`));
      expect(breadcrumbNames(data.get("BreadcrumbList"))).toEqual(["Home", copy.name]);
      expect((data.get("FAQPage")?.mainEntity as unknown[]).length).toBe(4);
    });

    test("its own title, description, keywords, canonical address and share image; no accessibility violations", async ({ page }) => {
      await page.goto(copy.path);
      await expect(page).toHaveTitle(copy.seo.title);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", copy.seo.description);
      await expect(page.locator('meta[name="keywords"]')).toHaveAttribute("content", copy.seo.keywords.join(", "));
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${copy.path}$`));
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", new RegExp(`${shareImage.path}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.hero.title);
      await expectNoAxeViolations(page);
    });
  });
}

test("every service card's Read More and the footer's services lead to the service pages", { tag: "@desktop-only" }, async ({ page }) => {
  await page.goto("/homepage2");
  await expect(page.getByRole("link", { name: "Read More about Storm Damage" })).toHaveAttribute("href", "/storm-damage-restoration");
  const footer = page.getByRole("contentinfo");
  // The storm page through its card (named as the office named the card), sewage and commercial by their own names.
  for (const copy of Object.values(generatedServicePages)) await expect(footer.locator(`a[href="${copy.path}"]`)).toHaveCount(1);
  for (const town of towns) await expect(footer.getByRole("link", { name: town.name, exact: true })).toHaveAttribute("href", townPath(town));
  await footer.getByRole("link", { name: "Sewage Backup Cleanup" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(generatedServicePages.sewage.hero.title);
});

test.describe("town pages", () => {
  test("each is rendered on the server with its town's words, response time, nearby towns and structured data", async ({ request }) => {
    const titles = new Set<string>();
    for (const town of towns) {
      const response = await request.get(townPath(town));
      expect(response.status(), town.name).toBe(200);
      const html = await response.text();
      expect(html, town.name).toContain(`Emergency Restoration in ${town.name}, PA`);
      expect(html, town.name).toContain(asHtml(defaultTownIntro(town.slug)));
      expect(html, town.name).toContain(`${town.driveMinutes} minutes`);
      expect(html, town.name).toContain(`href="${telHref(defaultCompany.phone)}"`);
      expect(html, town.name).toContain('href="/request"');
      for (const slug of town.nearby) expect(html, `${town.name} → ${slug}`).toContain(`href="/areas/${slug}"`);
      // No other town's intro borrowed.
      for (const other of towns.filter((item) => item !== town)) expect(html, `${town.name} / ${other.name}`).not.toContain(asHtml(defaultTownIntro(other.slug)));
      titles.add(/<title>(.*?)<\/title>/.exec(html)?.[1] ?? "");

      const data = jsonLdOf(html);
      expect(data.get("LocalBusiness"), town.name).toMatchObject({
        name: defaultCompany.name,
        telephone: defaultCompany.phone,
        areaServed: { "@type": "City", name: `${town.name}, PA` },
      });
      expect(breadcrumbNames(data.get("BreadcrumbList")), town.name).toEqual(["Home", "Areas We Serve", town.name]);
    }
    expect(titles.size).toBe(towns.length);
  });

  test("a town page: its own title, canonical address, call and request buttons, nearby links; no accessibility violations", async ({ page }) => {
    const town = townBySlug("king-of-prussia");
    if (!town) throw new Error("King of Prussia is served");
    await page.goto(townPath(town));
    await expect(page).toHaveTitle(`Water, Fire and Mold Restoration in King of Prussia, PA, 24/7`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/areas\/king-of-prussia$/);
    await expect(page.locator('meta[name="keywords"]')).toHaveAttribute("content", /mold remediation King of Prussia/);
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    const hero = page.getByRole("region", { name: "Emergency Restoration in King of Prussia, PA" });
    await expect(hero.getByRole("link", { name: `Call ${defaultCompany.phone}` })).toHaveAttribute("href", telHref(defaultCompany.phone));
    await expectNoAxeViolations(page);
    await hero.getByRole("link", { name: "GET A FREE ASSESSMENT" }).click();
    const dialog = page.getByRole("dialog", { name: "Get Your Free Assessment" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Close", exact: true }).click();
    await page.getByRole("region", { name: "Nearby Towns We Serve" }).getByRole("link", { name: "Norristown, PA" }).click();
    await expect(page).toHaveURL(/\/areas\/norristown$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Emergency Restoration in Norristown, PA");
  });

  test("the areas index lists every town by county; an unknown town is our not-found page", async ({ page }) => {
    await page.goto("/areas");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Areas We Serve");
    for (const town of towns) await expect(page.getByRole("main").getByRole("link", { name: `${town.name}, PA` })).toHaveAttribute("href", townPath(town));
    await expect(page.getByRole("heading", { name: "Bucks County" })).toBeVisible();
    await expectNoAxeViolations(page);

    const response = await page.goto("/areas/atlantis");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  });
});

test.describe("financing and the insurance claim guide", () => {
  test("'Apply for Financing' leads to the financing page, whose request says financing for the office", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("region", { name: "Insurance and Financing" }).getByRole("link", { name: "Apply for Financing" }).click();
    await expect(page).toHaveURL(/\/financing$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(financingPage.title);
    for (const item of financingPage.prepare) await expect(page.getByRole("listitem").filter({ hasText: item })).toBeVisible();
    await expectNoAxeViolations(page);

    const apply = page.getByRole("main").getByRole("link", { name: "Apply for Financing" });
    await expect(apply).toHaveAttribute("href", "/request?topic=financing");
    await apply.click();
    const dialog = page.getByRole("dialog", { name: "Get Your Free Assessment" });
    await expect(dialog).toBeVisible();
    const comments = dialog.locator('textarea[name="additionalComments"]');
    await expect(comments).toHaveValue(financingRequestNote);
    await expect(dialog.getByText(`${financingRequestNote.length}/1000 characters`)).toBeAttached();
    // Opened again from the same page, the note is not written twice.
    await dialog.getByRole("button", { name: "Close", exact: true }).click();
    await apply.click();
    await expect(comments).toHaveValue(financingRequestNote);
  });

  test("the insurance sections link the claim guide, which covers the first hours, documenting, the adjuster and direct billing", async ({ page }) => {
    await page.goto("/fire-mold-restoration");
    await page.getByRole("region", { name: "Help With Your Insurance Claim" }).getByRole("link", { name: "Insurance Claim Guide" }).click();
    await expect(page).toHaveURL(new RegExp(`${insuranceGuidePage.path}$`));
    for (const heading of ["The First 24-48 Hours", "Documenting the Damage", "Working With the Adjuster", "Direct Billing"]) {
      await expect(page.getByRole("heading", { name: heading, level: 2 })).toBeVisible();
    }
    await expect(page.locator('meta[name="keywords"]')).toHaveAttribute("content", /adjuster/);
    await expectNoAxeViolations(page);
  });
});

test("the sitemap lists every indexable page, towns and guides included, and no variant", async ({ request }) => {
  const xml = await (await request.get("/sitemap.xml")).text();
  const listed = [...xml.matchAll(/<loc>[^<]*?\/\/[^/<]+([^<]*)<\/loc>/g)].map((match) => match[1] || "/");
  expect(listed).toEqual([...indexablePaths]);
  for (const path of [...Object.values(generatedServicePages).map((copy) => copy.path), "/areas", ...towns.map(townPath), "/financing", "/insurance-claims"]) {
    expect(listed).toContain(path);
  }
  for (const variant of ["/homepage1", "/homepage2", "/homepage3", "/services-demo", "/homepage4"]) expect(listed).not.toContain(variant);
});

test("an address that cannot be decoded gets our own not-found page, with the phone number", async ({ page }) => {
  const response = await page.goto("/%E0%A4%A");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: `Call ${defaultCompany.phone}` })).toHaveAttribute("href", telHref(defaultCompany.phone));
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the financing request link opens the request page with the note in the comments", async ({ page }) => {
    await page.goto(financingPage.path);
    await page.getByRole("main").getByRole("link", { name: "Apply for Financing" }).click();
    await expect(page).toHaveURL(/\/request\?topic=financing$/);
    await expect(page.locator('textarea[name="additionalComments"]')).toHaveValue(financingRequestNote);
  });
});
