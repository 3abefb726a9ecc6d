import { randomBytes } from "node:crypto";
import { defaultTownIntro } from "#app/content/town-intros.ts";
import { townBySlug, townPath } from "#app/content/towns.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { e2eAdmins } from "../../playwright.config.ts";
import { beOwnClient, expect, signIn, test } from "./support.ts";

// One sign-in here, one in the office notifications spec: well within that address's sign-in limit.
const admin = e2eAdmins.notifications;
const doylestown = townBySlug("doylestown");
const lansdale = townBySlug("lansdale");
if (!doylestown || !lansdale) throw new Error("Doylestown and Lansdale are served towns");

test.beforeEach(({ page }) => beOwnClient(page));

test("the office edits a town's intro and clears another's: the town pages show it at once, and say less rather than borrow", async ({ page }) => {
  // Two saves, four pages and three accessibility checks.
  test.slow();
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole("link", { name: /^Town pages/ }).click();
  await expect(page.getByRole("heading", { name: "Town pages", level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);

  const doylestownIntro = page.getByLabel("Doylestown: intro");
  await expect(doylestownIntro).toHaveValue(defaultTownIntro(doylestown.slug));

  // Too long: refused in the browser, nothing lost.
  const tooLong = "x".repeat(601);
  await doylestownIntro.fill(tooLong);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Error" })).toContainText("Failed to update town pages. Please try again.");
  await expect(page.getByText("Intro must be at most 600 characters")).toBeVisible();
  await expect(doylestownIntro).toHaveAttribute("aria-invalid", "true");

  const intro = `Last spring we dried out a 1790s stone farmhouse off Route 611, ${randomBytes(3).toString("hex")}.`;
  await doylestownIntro.fill(intro);
  await page.getByLabel("Lansdale: intro").fill("");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("status")).toContainText("Town pages updated successfully!");

  await page.goto(townPath(doylestown));
  await expect(page.getByRole("region", { name: "Our Work in Doylestown" })).toContainText(intro);
  await page.goto(townPath(lansdale));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Emergency Restoration in Lansdale, PA");
  await expect(page.getByRole("region", { name: "Our Work in Lansdale" })).toHaveCount(0);
  await expect(page.getByText(defaultTownIntro(lansdale.slug))).toHaveCount(0);
  await expect(page.getByText(intro)).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Put back as first installed, so other specs read the site's own words.
  await page.goto("/admin/towns");
  await page.getByRole("button", { name: /^Restore the version as first installed/ }).click();
  await expect(page.getByRole("status")).toContainText("The selected version is back on the site.");
  await page.goto(townPath(lansdale));
  await expect(page.getByRole("region", { name: "Our Work in Lansdale" })).toContainText(defaultTownIntro(lansdale.slug));
});

test.describe("a visitor", () => {
  test("cannot open the editor or save through it", async ({ page, request }) => {
    await page.goto("/admin/towns");
    await expect(page).toHaveURL(/\/auth/);
    const response = await request.post("/admin/towns", {
      form: { "towns.0.slug": "philadelphia", "towns.0.intro": "defaced" },
      headers: { Origin: new URL(page.url()).origin },
      maxRedirects: 0,
    });
    expect([302, 303, 401, 403]).toContain(response.status());
    await page.goto(townPath({ slug: "philadelphia" }));
    await expect(page.getByText("defaced")).toHaveCount(0);
  });
});
