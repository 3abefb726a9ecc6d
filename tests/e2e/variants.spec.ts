import { defaultReasons } from "#app/content/defaults.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { expect, test } from "./support.ts";

const variants = ["/homepage1", "/homepage2", "/homepage3", "/services-demo"];

for (const path of variants) {
  test(`${path} is out of search results and has no accessibility violations`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    // The server sends the content itself, with its heading and a way to call, before any script runs.
    const html = (await response?.text()) ?? "";
    expect(html).toMatch(/<h1[\s>]/);
    expect(html).toContain('href="tel:+1');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expectNoAxeViolations(page);
  });
}

test("homepage2: the reasons come from the database, with their icons", async ({ page }) => {
  const html = await (await page.request.get("/homepage2")).text();
  for (const reason of defaultReasons.reasons) expect(html).toContain(reason.text);
  await page.goto("/homepage2");
  await expect(page.getByRole("heading", { name: defaultReasons.headline })).toBeVisible();
  for (const reason of defaultReasons.reasons) await expect(page.getByText(reason.text, { exact: true })).toBeVisible();
});

test.describe("services carousel", () => {
  test("audience tabs highlight, cards expand and collapse, fire is featured", async ({ page }) => {
    await page.goto("/homepage2");
    const residential = page.getByRole("button", { name: "residential" });
    const commercial = page.getByRole("button", { name: "commercial" });
    await expect(residential).toHaveAttribute("aria-pressed", "true");
    await commercial.click();
    await expect(commercial).toHaveAttribute("aria-pressed", "true");
    await expect(residential).toHaveAttribute("aria-pressed", "false");
    const cards = page.getByRole("article");
    await expect(cards).toHaveCount(4);
    await expect(cards.filter({ hasText: "Fire & Smoke Damage" })).toContainText("Most requested");
    const water = cards.filter({ hasText: "Water Damage Restoration" });
    await expect(water).toContainText("For businesses");
    // Without a photo the card has room for its list, so it starts open.
    await expect(water.getByText("Structural drying")).toBeVisible();
    await water.getByRole("button", { name: "Hide what we do" }).click();
    await expect(water.getByText("Structural drying")).toBeHidden();
    await water.getByRole("button", { name: "Show what we do" }).click();
    await expect(water.getByText("Structural drying")).toBeVisible();
  });

  // The sheet is the phone's way in.
  test("on a phone, cards are 600 px high and Learn More opens the 80vh sheet with Call Now and Request Estimate", { tag: "@phone-only" }, async ({ page }) => {
    await page.goto("/homepage2");
    await page.getByRole("link", { name: "Learn More about Mold Remediation" }).click();
    const sheet = page.getByRole("dialog", { name: "Mold Remediation" });
    await expect(sheet).toBeVisible();
    // Spec: cards 600 px high on phones; the sheet takes 80% of the screen's height.
    const cardHeights = await Promise.all((await page.getByRole("article").all()).map(async (card) => Math.round((await card.boundingBox())?.height ?? 0)));
    expect(cardHeights).toEqual([600, 600, 600, 600]);
    const viewport = page.viewportSize();
    await expect.poll(async () => Math.abs(((await sheet.boundingBox())?.height ?? 0) - (viewport?.height ?? 0) * 0.8)).toBeLessThanOrEqual(1);
    await expect(sheet.getByRole("link", { name: "Call Now" })).toHaveAttribute("href", /^tel:\+1\d{10}$/);
    // The actions follow the list: no empty middle between what the service is and how to get it.
    const [list, call] = await Promise.all([sheet.getByRole("list").boundingBox(), sheet.getByRole("link", { name: "Call Now" }).boundingBox()]);
    expect((call?.y ?? 0) - ((list?.y ?? 0) + (list?.height ?? 0))).toBeLessThan(48);
    await expect(sheet.getByRole("link", { name: "Read about Mold Remediation" })).toHaveAttribute("href", "/fire-mold-restoration#mold-title");
    await expect(page.getByRole("button", { name: "Next service" })).toBeVisible();
    await expectNoAxeViolations(page);
    await sheet.getByRole("link", { name: "Request Estimate" }).click();
    await expect(sheet).toBeHidden();
    await expect(page.getByRole("dialog", { name: "Get Your Free Assessment" })).toBeVisible();
  });

  // Four per row is the desktop layout.
  test("on a desktop, four cards share a row and every Read More goes somewhere useful", { tag: "@desktop-only" }, async ({ page }) => {
    await page.goto("/homepage2");
    const boxes = await Promise.all((await page.getByRole("article").all()).map((card) => card.boundingBox()));
    expect(new Set(boxes.map((box) => Math.round(box?.y ?? -1))).size).toBe(1);
    expect(boxes.every((box) => Math.round(box?.height ?? 0) === 580)).toBe(true);
    for (const [service, target] of [
      ["Water Damage Restoration", /\/water-damage-restoration$/],
      ["Fire & Smoke Damage", /\/fire-mold-restoration$/],
      ["Mold Remediation", /\/fire-mold-restoration#mold-title$/],
      ["Storm Damage", /\/storm-damage-restoration$/],
    ] as const) {
      await expect(page.getByRole("link", { name: `Read More about ${service}` })).toHaveAttribute("href", target);
    }
    // All four cards are in view: nothing to page through, and no card left with a gap above its button.
    await expect(page.getByRole("button", { name: "Next service" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Previous service" })).toBeHidden();
    for (const card of await page.getByRole("article").all()) {
      const [list, button] = await Promise.all([card.getByRole("list").boundingBox(), card.getByRole("link", { name: /^Read More/ }).boundingBox()]);
      expect((button?.y ?? 0) - ((list?.y ?? 0) + (list?.height ?? 0))).toBeLessThan(80);
    }
    await page.getByRole("link", { name: "Read More about Water Damage Restoration" }).click();
    await expect(page).toHaveURL(/\/water-damage-restoration$/);
  });
});

test.describe("homepage3 scroll animations", () => {
  test("sections below the fold wait, then appear once scrolled into view", async ({ page }) => {
    await page.goto("/homepage3");
    const last = page.locator(".reveal").last();
    await expect(last).toHaveAttribute("data-reveal", "hidden");
    // Hidden at once: a fade-out of the server-rendered content would leave it half-transparent.
    expect(await last.evaluate((element) => [getComputedStyle(element).opacity, element.getAnimations().length])).toEqual(["0", 0]);
    await last.scrollIntoViewIfNeeded();
    await expect(last).toHaveAttribute("data-reveal", "shown");
    await expect(last).toHaveCSS("opacity", "1");
  });

  test("with reduced motion, everything is there at once", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/homepage3");
    await expect(page.locator('[data-reveal="hidden"]')).toHaveCount(0);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("all content is visible", async ({ page }) => {
      await page.goto("/homepage3");
      await expect(page.locator("[data-reveal]")).toHaveCount(0);
      await expect(page.getByRole("heading", { name: "Insurance and Financing" })).toBeVisible();
    });
  });
});

test("services-demo switches between the three layouts", async ({ page }) => {
  await page.goto("/services-demo");
  await expect(page.getByRole("heading", { name: "Our Services", exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Mobile Carousel" }).click();
  await expect(page.getByRole("heading", { name: "Restoration Services" })).toBeVisible();
  await page.getByRole("button", { name: "Vertical Stack" }).click();
  await expect(page.getByRole("heading", { name: "Services, One by One" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Vertical Stack" })).toHaveAttribute("aria-pressed", "true");
});
