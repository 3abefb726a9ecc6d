import { defaultCompany } from "#app/content/company.ts";
import { expect, test } from "./support.ts";

const isPhone = (projectName: string) => projectName === "phone";

test.describe("site shell", () => {
  test("top bar shows the message for the screen size", async ({ page }, testInfo) => {
    await page.goto("/");
    const mobileMessage = page.getByText("24/7 EMERGENCY RESPONSE", { exact: true });
    const desktopMessage = page.getByText("VETERAN OPERATED. SERVICE READY", { exact: true });
    if (isPhone(testInfo.project.name)) {
      await expect(mobileMessage).toBeVisible();
      await expect(desktopMessage).toBeHidden();
    } else {
      await expect(desktopMessage).toBeVisible();
      await expect(desktopMessage.locator("xpath=..").getByText("24/7", { exact: true })).toBeVisible();
      await expect(mobileMessage).toBeHidden();
    }
  });

  test("logo goes home, the phone is one tap away, and the request button opens the request dialog", async ({ page }, testInfo) => {
    await page.goto("/privacy");
    const header = page.getByRole("banner");
    const call = header.getByRole("link", { name: `Call ${defaultCompany.phone}` });
    await expect(call).toBeVisible();
    await expect(call).toHaveAttribute("href", "tel:+12155550142");

    const request = header.getByRole("link", { name: "REQUEST SERVICE NOW" });
    if (isPhone(testInfo.project.name)) {
      // One row on a phone: the request button is in the menu drawer (below) and each page's first screen.
      await expect(request).toBeHidden();
    } else {
      await expect(request).toHaveAttribute("href", "/request");
      await request.click();
      const dialog = page.getByRole("dialog", { name: "Get Your Free Assessment" });
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: "Close", exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(request).toBeFocused();
    }

    const logo = header.getByRole("link", { name: `${defaultCompany.name}, home` });
    // Speech users say what they see: the visible words must be part of the link's name.
    expect((await logo.textContent())?.toLowerCase()).toBe(defaultCompany.name.toLowerCase());
    await logo.click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("menu drawer opens, lists real links, and closes by button, Escape and its request button", async ({ page }) => {
    await page.goto("/");
    const menu = page.getByRole("dialog", { name: "Menu" });
    const openButton = page.getByRole("button", { name: "Open menu" });
    await expect(menu).toBeHidden();

    await openButton.click();
    await expect(menu).toBeVisible();
    for (const [label, href] of [
      ["Home", "/"],
      ["Services", "/#services"],
      ["About Us", "/#about"],
      ["Contact", "/#contact"],
    ] as const) {
      await expect(menu.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);
    }
    await expect(menu.getByRole("link", { name: `Call ${defaultCompany.phone}` })).toHaveAttribute("href", "tel:+12155550142");

    await menu.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();
    await expect(openButton).toBeFocused();

    await openButton.click();
    await expect(menu).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();

    await openButton.click();
    await menu.getByRole("link", { name: "REQUEST SERVICE NOW" }).click();
    await expect(menu).toBeHidden();
    await expect(page.getByRole("dialog", { name: "Get Your Free Assessment" })).toBeVisible();
  });

  test("while the menu is open, the keyboard cannot reach the page behind it", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    const visited = new Set<string>();
    for (let press = 0; press < 12; press++) {
      await page.keyboard.press("Tab");
      // Focus stays in the dialog, or passes to the browser's own controls (body) before coming back.
      const focus = await menu.evaluate((dialog) =>
        dialog.contains(document.activeElement)
          ? (document.activeElement?.textContent?.trim() ?? "")
          : document.activeElement === document.body
            ? null
            : "OUTSIDE",
      );
      expect(focus).not.toBe("OUTSIDE");
      if (focus) visited.add(focus);
    }
    expect(visited).toContain("Home");
    expect(visited).toContain("REQUEST SERVICE NOW");
  });

  test("footer has the four columns, the contact details, this year and the legal links", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    for (const heading of ["ABOUT US", "OUR SERVICES", "CONTACT", "OUR MISSION"]) {
      await expect(footer.getByRole("heading", { name: heading })).toBeVisible();
    }
    await expect(footer.getByRole("link", { name: defaultCompany.phone })).toHaveAttribute("href", "tel:+12155550142");
    await expect(footer.getByText(defaultCompany.address)).toBeVisible();
    await expect(footer.getByText(defaultCompany.emergencyMessage)).toBeVisible();
    await expect(footer.getByText(`© ${new Date().getFullYear()} ${defaultCompany.name}. All rights reserved.`)).toBeVisible();

    await footer.getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
    await page.getByRole("contentinfo").getByRole("link", { name: "Terms of Service" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of Service");
  });

  test("scroll-to-top appears past 300 px on phones only", async ({ page }, testInfo) => {
    await page.goto("/privacy");
    const button = page.getByRole("button", { name: "Scroll to top" });
    await expect(button).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 250));
    await page.waitForTimeout(100);
    await expect(button).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 400));
    if (!isPhone(testInfo.project.name)) {
      await page.waitForTimeout(100);
      await expect(button).toBeHidden();
      return;
    }
    await expect(button).toBeVisible();
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(button).toBeHidden();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the page, its phone link and the menu still work", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: `Call ${defaultCompany.phone}` })).toHaveAttribute(
      "href",
      "tel:+12155550142",
    );
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    await menu.getByRole("link", { name: "About Us" }).click();
    await expect(page).toHaveURL(/\/#about$/);
  });
});
