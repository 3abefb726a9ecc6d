import type { Locator, Page } from "@playwright/test";
import { defaultCompany, telHref } from "#app/content/company.ts";
import { expect, test } from "./support.ts";

// Phones of two sizes, measured in the phone project (the desktop one has its own layout).
const phones = [
  { width: 390, height: 844, maxHeader: 120 },
  // At most 15 % of the screen.
  { width: 320, height: 568, maxHeader: Math.floor(568 * 0.15) },
] as const;

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error("not rendered");
  return box;
}

/** Fully inside the window, without scrolling anything. */
async function expectInView(page: Page, locator: Locator, what: string) {
  const box = await boxOf(locator);
  const viewport = page.viewportSize();
  expect(box.y, what).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, what).toBeLessThanOrEqual(viewport?.height ?? 0);
}

for (const phone of phones) {
  test.describe(`a ${phone.width} × ${phone.height} phone`, { tag: "@phone-only" }, () => {
    test.use({ viewport: { width: phone.width, height: phone.height } });

    test(`the sticky header is one row, at most ${phone.maxHeader} px, and the phone stays one tap away`, async ({ page }) => {
      for (const path of ["/", "/storm-damage-restoration", "/areas/ambler"]) {
        await page.goto(path);
        const header = page.getByRole("banner");
        const box = await boxOf(header);
        expect(box.height, path).toBeLessThanOrEqual(phone.maxHeader);
        const call = header.getByRole("link", { name: `Call ${defaultCompany.phone}` });
        const menu = header.getByRole("button", { name: "Open menu" });
        const logo = header.getByRole("link", { name: `${defaultCompany.name}, home` });
        // One row: logo, call and menu side by side.
        const [logoBox, callBox, menuBox] = await Promise.all([boxOf(logo), boxOf(call), boxOf(menu)]);
        expect(Math.abs(callBox.y + callBox.height / 2 - (menuBox.y + menuBox.height / 2)), path).toBeLessThan(4);
        expect(logoBox.x + logoBox.width, path).toBeLessThanOrEqual(callBox.x);
        expect(callBox.x + callBox.width, path).toBeLessThanOrEqual(menuBox.x);
        await expect(call).toHaveAttribute("href", telHref(defaultCompany.phone));
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), path).toBe(true);

        // Still there, the same size, once the page has scrolled.
        await page.evaluate(() => window.scrollTo(0, 1500));
        await expect.poll(async () => (await boxOf(header)).y, path).toBe(0);
        await expect(call).toBeInViewport();
      }
    });

    test("in the request dialog, Previous and Next (or Submit) are in view on every step", async ({ page }) => {
      await page.goto("/");
      await page.getByRole("banner").getByRole("button", { name: "Open menu" }).click();
      await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "REQUEST SERVICE NOW" }).click();
      const dialog = page.getByRole("dialog", { name: "Get Your Free Assessment" });
      await expect(dialog).toBeVisible();
      const previous = dialog.getByRole("button", { name: "Previous" });
      const next = dialog.getByRole("button", { name: "Next" });

      await expect(dialog.getByText("Step 1 of 5")).toBeVisible();
      await expectInView(page, previous, "step 1: Previous");
      await expectInView(page, next, "step 1: Next");
      await dialog.getByRole("radio", { name: "Water damage" }).check();
      await next.click();

      await expect(dialog.getByText("Step 2 of 5")).toBeVisible();
      await expectInView(page, previous, "step 2: Previous");
      await expectInView(page, next, "step 2: Next");
      await dialog.getByLabel("First name").fill("Dana");
      await dialog.getByLabel("Last name").fill("Reyes");
      await dialog.getByLabel("Phone").fill("(215) 555-0100");
      await dialog.getByLabel("Email").fill("dana@example.com");
      // Typing into the last field of a long step leaves the buttons where they were.
      await expectInView(page, next, "step 2, after typing: Next");
      await next.click();

      for (const step of [3, 4]) {
        await expect(dialog.getByText(`Step ${step} of 5`)).toBeVisible();
        await expectInView(page, previous, `step ${step}: Previous`);
        await expectInView(page, next, `step ${step}: Next`);
        await next.click();
      }
      await expect(dialog.getByText("Step 5 of 5")).toBeVisible();
      await expectInView(page, previous, "step 5: Previous");
      await expectInView(page, dialog.getByRole("button", { name: "Submit Request" }), "step 5: Submit");
      // The phone is one tap away in the dialog too.
      await expect(dialog.getByRole("link", { name: defaultCompany.phone })).toBeInViewport();
    });
  });
}
