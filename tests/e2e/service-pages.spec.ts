import { type Page } from "@playwright/test";
import { defaultCompany, servedTowns, telHref } from "#app/content/company.ts";
import {
  fireMoldHero,
  fireMoldInsuranceHelp,
  fireMoldProcess,
  fireMoldQuestions,
  fireServices,
  moldServices,
} from "#app/content/fire-mold.ts";
import { defaultReasons } from "#app/content/defaults.ts";
import { waterDamageCauses, waterDamageHero, waterDamageProcess, waterDamageQuestions } from "#app/content/water-damage.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { expect, test } from "./support.ts";

/** Text as React writes it into server-rendered HTML. */
const asHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

const pages = [
  {
    path: "/water-damage-restoration",
    title: waterDamageHero.title,
    // The page's sections, in their order.
    sections: [
      waterDamageHero.title,
      "Common Causes of Water Damage",
      "Our Five-Step Process",
      "Why Choose Us",
      "Insurance and Financing",
      "Frequently Asked Questions",
      "Towns We Serve",
      "Water in Your Home Right Now?",
    ],
    texts: [
      ...waterDamageCauses.map((cause) => cause.title),
      ...waterDamageProcess.map((step) => step.title),
      ...waterDamageQuestions.flatMap((item) => [item.question, item.answer]),
    ],
  },
  {
    path: "/fire-mold-restoration",
    title: fireMoldHero.title,
    sections: [
      fireMoldHero.title,
      "Fire and Smoke Damage Services",
      "Mold Remediation Services",
      "Our Five-Step Process",
      "Why Choose Us",
      "Help With Your Insurance Claim",
      "Frequently Asked Questions",
      "Towns We Serve",
      "Fire, Smoke or Mold? Get Help Now",
    ],
    texts: [
      ...fireServices.map((service) => service.title),
      ...moldServices.map((service) => service.title),
      ...fireMoldProcess.map((step) => step.title),
      ...fireMoldInsuranceHelp.map((item) => item.title),
      ...fireMoldQuestions.flatMap((item) => [item.question, item.answer]),
    ],
  },
] as const;

for (const servicePage of pages) {
  test.describe(servicePage.path, () => {
    test("the server renders every section in the spec's order, with the towns, the claims and a phone link", async ({ request }) => {
      const response = await request.get(servicePage.path);
      expect(response.status()).toBe(200);
      const html = await response.text();
      const positions = servicePage.sections.map((heading) => html.indexOf(asHtml(heading)));
      expect(
        positions.every((position) => position >= 0),
        `missing: ${servicePage.sections.filter((_, index) => positions[index] === -1)}`,
      ).toBe(true);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
      const missing = [...servicePage.texts, ...defaultReasons.reasons.map((reason) => reason.text), ...servedTowns].filter(
        (text) => !html.includes(asHtml(text)),
      );
      expect(missing).toEqual([]);
      for (const claim of ["24/7", "3-7 days", "24-48 hours"]) expect(html).toContain(claim);
      expect(html).toContain(`href="${telHref(defaultCompany.phone)}"`);
      expect(html).toContain('href="/request"');
    });

    test("its own title, description, canonical address and share tags, and it is indexable", async ({ page }) => {
      await page.goto(servicePage.path);
      const title = await page.title();
      expect(title).toContain(servicePage.title.split(" in ")[0]);
      const description = await page.locator('meta[name="description"]').getAttribute("content");
      expect(description?.length).toBeGreaterThan(50);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${servicePage.path}$`));
      await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", new RegExp(`${servicePage.path}$`));
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", title);
      await expect(page.locator('meta[name="twitter:description"]')).toHaveAttribute("content", description ?? "");
      await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(servicePage.title);
    });

    test("the twelve towns are listed", async ({ page }) => {
      await page.goto(servicePage.path);
      const towns = page.getByRole("region", { name: "Towns We Serve" }).getByRole("listitem");
      await expect(towns).toHaveText(servedTowns.map((town) => `${town}, PA`));
    });

    test("every phone link dials the company, and the closing call to action opens the request dialog", async ({ page }) => {
      await page.goto(servicePage.path);
      const phoneLinks = page.getByRole("main").locator('a[href^="tel:"]');
      expect(await phoneLinks.count()).toBeGreaterThanOrEqual(2);
      for (const link of await phoneLinks.all()) await expect(link).toHaveAttribute("href", telHref(defaultCompany.phone));
      const closing = page.getByRole("region", { name: servicePage.sections.at(-1) });
      const request = closing.getByRole("link", { name: "GET A FREE ASSESSMENT" });
      await expect(request).toHaveAttribute("href", "/request");
      await request.click();
      await expect(page.getByRole("dialog", { name: "Get Your Free Assessment" })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${servicePage.path}$`));
    });

    test("has no accessibility violations", async ({ page }) => {
      await page.goto(servicePage.path);
      await expectNoAxeViolations(page);
    });
  });
}

/** The water page's questions, as their disclosure widgets. */
function waterQuestions(page: Page) {
  return waterDamageQuestions.map((item) => {
    const widget = page.locator("details").filter({ hasText: item.question });
    return { summary: widget.locator("summary"), answer: widget.getByText(item.answer, { exact: true }) };
  });
}

async function expectOneAnswerOpenAtATime(page: Page) {
  const [first, second] = waterQuestions(page);
  if (!first || !second) throw new Error("the water page has four questions");
  for (const { answer } of waterQuestions(page)) await expect(answer).toBeHidden();
  await first.summary.click();
  await expect(first.answer).toBeVisible();
  await second.summary.click();
  await expect(second.answer).toBeVisible();
  await expect(first.answer).toBeHidden();
  await second.summary.click();
  for (const { answer } of waterQuestions(page)) await expect(answer).toBeHidden();
}

test("water page FAQ: one answer open at a time, and clicking the open one closes it", async ({ page }) => {
  await page.goto("/water-damage-restoration");
  await expectOneAnswerOpenAtATime(page);
  await waterQuestions(page)[2]?.summary.click();
  await expectNoAxeViolations(page);
});

test("the home page's FAQ button lands on the water page's questions", async ({ page }) => {
  // An instant jump: a smooth scroll would be measured halfway.
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/");
  await page.getByRole("link", { name: "Read the Frequently Asked Questions" }).click();
  await expect(page).toHaveURL(/\/water-damage-restoration#faq-title$/);
  const heading = page.getByRole("heading", { name: "Frequently Asked Questions" });
  await expect(heading).toBeInViewport();
  // Not hidden under the sticky header, which is taller on a phone.
  const [headingBox, headerBox] = await Promise.all([heading.boundingBox(), page.getByRole("banner").boundingBox()]);
  expect(headingBox?.y).toBeGreaterThanOrEqual((headerBox?.y ?? 0) + (headerBox?.height ?? 0));
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the pages can be read and the company called; the FAQ still opens one answer at a time", async ({ page }) => {
    await page.goto("/fire-mold-restoration");
    await expect(page.getByText(fireMoldQuestions[0].answer, { exact: true })).toBeVisible();
    await page.goto("/water-damage-restoration");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(waterDamageHero.title);
    await expect(page.getByRole("main").getByRole("link", { name: `Call ${defaultCompany.phone}` }).first()).toHaveAttribute(
      "href",
      telHref(defaultCompany.phone),
    );
    await expectOneAnswerOpenAtATime(page);
    await page.getByRole("region", { name: "Water in Your Home Right Now?" }).getByRole("link", { name: "GET A FREE ASSESSMENT" }).click();
    await expect(page).toHaveURL(/\/request$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Get Your Free Assessment");
  });
});
