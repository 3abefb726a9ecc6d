import type { Locator, Page } from "@playwright/test";
import { defaultCompany } from "#app/content/company.ts";
import { e2eAdmins } from "../../playwright.config.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { beOwnClient, expect, signIn, test } from "./support.ts";

test.beforeEach(({ page }) => beOwnClient(page));

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** The page's scroll position once it has stopped moving (the site scrolls smoothly): the same for five frames. */
const steadyScrollY = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let last = -1;
        let frames = 0;
        const tick = () => {
          const y = Math.round(window.scrollY);
          frames = y === last ? frames + 1 : 0;
          last = y;
          if (frames >= 5) resolve(y);
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
  );

/** Puts `element` in the middle of the screen, so the page behind it is scrolled down from the top. */
async function scrollToMiddle(page: Page, element: Locator): Promise<number> {
  await element.evaluate((node) => node.scrollIntoView({ block: "center" }));
  const at = await steadyScrollY(page);
  expect(at).toBeGreaterThan(50);
  return at;
}

/** Sends a wheel turn over the top left corner (an overlay's backdrop) and waits until the browser has acted on it. */
async function wheelOverBackdrop(page: Page) {
  const seen = await page.evaluate(() => {
    const counter = window as unknown as { wheels?: number };
    counter.wheels ??= 0;
    if (!document.documentElement.dataset.countsWheels) {
      document.documentElement.dataset.countsWheels = "";
      window.addEventListener("wheel", () => (counter.wheels = (counter.wheels ?? 0) + 1), { passive: true, capture: true });
    }
    return counter.wheels;
  });
  await page.mouse.move(4, 4);
  await page.mouse.wheel(0, 600);
  await expect.poll(() => page.evaluate(() => (window as unknown as { wheels?: number }).wheels ?? 0)).toBeGreaterThan(seen);
  await settle(page);
}

/** Ten frames: long enough for a wheel or key scroll, smooth or not, to have moved the page. */
async function settle(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let frames = 0;
        const tick = () => (++frames >= 10 ? resolve() : requestAnimationFrame(tick));
        requestAnimationFrame(tick);
      }),
  );
}

/** While an overlay is open: neither the wheel nor the keyboard moves the page, and nothing shifts sideways. */
async function expectPageHeldStill(page: Page, at: number, headerWidth: number) {
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe("hidden");
  await wheelOverBackdrop(page);
  expect(await steadyScrollY(page)).toBe(at);
  for (const key of ["PageDown", "End"]) {
    await page.keyboard.press(key);
    await settle(page);
    expect(await steadyScrollY(page)).toBe(at);
  }
  expect(await headerWidthOf(page)).toBe(headerWidth);
}

/** Once the overlay has closed: the page is where it was, scrolls again, and its root carries no leftover style. */
async function expectPageFreedAt(page: Page, at: number) {
  await expect.poll(() => page.evaluate(() => document.documentElement.getAttribute("style") ?? "")).toBe("");
  expect(await steadyScrollY(page)).toBe(at);
  await page.mouse.move(4, 4);
  await page.mouse.wheel(0, 600);
  await expect.poll(() => scrollY(page)).toBeGreaterThan(at);
}

const headerWidthOf = (page: Page) => page.evaluate(() => document.querySelector("header")?.getBoundingClientRect().width ?? 0);

test.describe("the page behind an overlay holds still", () => {
  test("behind the request dialog, and is where it was once Escape closes it", async ({ page }) => {
    await page.goto("/");
    const opener = page.locator('main a[href^="/request"]').last();
    const at = await scrollToMiddle(page, opener);
    const headerWidth = await headerWidthOf(page);
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Get Your Free Assessment" });
    await expect(dialog).toBeVisible();
    await expectPageHeldStill(page, at, headerWidth);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expectPageFreedAt(page, at);
  });

  test("behind the menu drawer, handed over to the request dialog, and freed by a link to another page", { tag: "@phone-only" }, async ({ page }) => {
    await page.goto("/");
    await page.evaluate(() => window.scrollTo(0, 900));
    expect(await steadyScrollY(page)).toBe(900);
    const headerWidth = await headerWidthOf(page);
    const menu = page.getByRole("dialog", { name: "Menu" });
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(menu).toBeVisible();
    await expectPageHeldStill(page, 900, headerWidth);
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expectPageFreedAt(page, 900);

    // The drawer closes as the dialog opens: the page stays held, and is freed when the dialog closes.
    const at = await steadyScrollY(page);
    await page.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("link", { name: "REQUEST SERVICE NOW" }).click();
    const dialog = page.getByRole("dialog", { name: "Get Your Free Assessment" });
    await expect(dialog).toBeVisible();
    await expect(menu).toBeHidden();
    await expectPageHeldStill(page, at, headerWidth);
    await dialog.getByRole("button", { name: "Close", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expectPageFreedAt(page, at);

    await page.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("link", { name: "Areas We Serve" }).click();
    await expect(page).toHaveURL(/\/areas$/);
    await expect(menu).toBeHidden();
    await expectPageFreedAt(page, 0);
  });

  test("behind the service sheet, which fills 80% of the visible height", { tag: "@phone-only" }, async ({ page }) => {
    await page.goto("/homepage2");
    const learnMore = page.getByRole("link", { name: "Learn More about Mold Remediation" });
    const at = await scrollToMiddle(page, learnMore);
    const headerWidth = await headerWidthOf(page);
    await learnMore.click();
    const sheet = page.getByRole("dialog", { name: "Mold Remediation" });
    await expect(sheet).toBeVisible();
    await expectPageHeldStill(page, at, headerWidth);
    await sheet.getByRole("button", { name: "Close", exact: true }).click();
    await expect(sheet).toBeHidden();
    await expectPageFreedAt(page, at);
  });
});

test("the services carousel says which services are in view after Next and Previous", { tag: "@phone-only" }, async ({ page }) => {
  await page.goto("/homepage2");
  const carousel = page.getByRole("region", { name: "Restoration Services" });
  const position = carousel.locator('[aria-live="polite"]');
  const next = carousel.getByRole("button", { name: "Next service" });
  const previous = carousel.getByRole("button", { name: "Previous service" });
  // Present and silent from the start, so a screen reader announces its first change.
  await expect(position).toHaveText("");
  await expect(next).toBeEnabled();
  await expect(previous).toBeEnabled();

  await next.click();
  await expect(position).toHaveText("Showing 2 of 4 services");
  await previous.click();
  await expect(position).toHaveText("Showing 1 of 4 services");
  // The row loops: before the first is the last.
  await previous.click();
  await expect(position).toHaveText("Showing 4 of 4 services");
  await expect(carousel.getByRole("listitem", { name: "4 of 4" })).toBeInViewport();
  await expectNoAxeViolations(page);
});

test.describe("after a move to another page", () => {
  const announcement = (page: Page) => page.locator("#route-announcement");

  test("reading starts at the new page's content and its title is announced, but not on the first load", async ({ page }) => {
    await page.goto("/privacy");
    await expect(announcement(page)).toHaveText("");
    await expect(page.locator("main")).not.toBeFocused();
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);

    await page.getByRole("link", { name: `${defaultCompany.name}, home` }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("main")).toBeFocused();
    await expect(announcement(page)).toHaveText(await page.title());
    await expect(announcement(page)).not.toHaveText("");
    await expectNoAxeViolations(page);
  });

  test("a link to a place on another page puts reading there", async ({ page }) => {
    await page.goto("/privacy");
    await page.locator("footer").getByRole("link", { name: "Mold Remediation", exact: true }).click();
    await expect(page).toHaveURL(/\/fire-mold-restoration#mold-title$/);
    await expect(page.locator("#mold-title")).toBeFocused();
    await expect(announcement(page)).toHaveText(await page.title());
  });

  test("in the admin too, while a filter keeps its focus", async ({ page }) => {
    const admin = e2eAdmins.navigation;
    await signIn(page, admin.email, admin.password);
    await expect(page).toHaveURL(/\/admin$/);
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Alerts" }).click();
    await expect(page).toHaveURL(/\/admin\/alerts$/);
    await expect(page.locator("main")).toBeFocused();
    await expect(announcement(page)).toHaveText(/Alerts \| Admin$/);
    await expect(announcement(page)).toHaveText(await page.title());

    await page.goto("/admin/requests");
    await expect(announcement(page)).toHaveText("");
    const show = page.getByRole("button", { name: "Show" });
    await page.getByLabel("Search").fill("nobody-by-this-name");
    await show.click();
    await expect(page).toHaveURL(/[?&]q=nobody-by-this-name/);
    await expect(show).toBeFocused();
    await expect(announcement(page)).toHaveText("");
  });
});
