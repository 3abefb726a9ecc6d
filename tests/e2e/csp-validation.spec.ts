import { type Page } from "@playwright/test";
import { beOwnClient, expect, test } from "./support.ts";

test.beforeEach(({ page }) => beOwnClient(page));

/**
 * Forms validate in the browser with zod, whose full build probes for eval (`new Function`) when
 * it builds its first object schema unless told `jitless`; the pages' CSP refuses eval, and the
 * browser reports even a refused probe. Each form here is checked in the browser, and the page
 * must report neither a violation nor a console error.
 */
async function watchForViolations(page: Page): Promise<() => Promise<{ violations: string[]; errors: string[] }>> {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { cspViolations: seen });
    document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.violatedDirective}: ${event.blockedURI}`));
  });
  return async () => ({ violations: await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations), errors });
}

test("the request dialog validates under the page's CSP, with no violation", async ({ page }) => {
  const seen = await watchForViolations(page);
  await page.goto("/");
  await page.getByRole("link", { name: "GET A FREE ASSESSMENT" }).click();
  const dialog = page.getByRole("dialog", { name: "Get Your Free Assessment" });
  await dialog.getByRole("button", { name: "Next" }).click();
  await expect(dialog.getByText("Please select the type of problem")).toBeVisible();
  await dialog.getByRole("radio", { name: "Mold concern" }).check();
  await dialog.getByRole("button", { name: "Next" }).click();
  await dialog.getByLabel("Email").fill("jane@example");
  await dialog.getByRole("button", { name: "Next" }).click();
  await expect(dialog.getByText("Please enter a valid email address")).toBeVisible();
  expect(await seen()).toEqual({ violations: [], errors: [] });
});

test("the sign-in form validates under the page's CSP, with no violation", async ({ page }) => {
  const seen = await watchForViolations(page);
  await page.goto("/auth");
  await page.getByLabel("Email").fill("someone@nowhere");
  await page.getByLabel("Password").fill("whatever1");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please enter a valid email address");
  expect(await seen()).toEqual({ violations: [], errors: [] });
});
