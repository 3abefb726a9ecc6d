import { type Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { defaultCompany } from "#app/content/company.ts";
import { defaultReasons } from "#app/content/defaults.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { e2eAdmins } from "../../playwright.config.ts";
import { approvedEditor, beOwnClient, expect, holdRequests, signIn, siteScript, test, waitUntilHydrated } from "./support.ts";

/** Sign-ins are limited per email: one editor serves this file's tests, approved by this file's own administrator. */
const admin = e2eAdmins.editors;
let editor: { email: string; password: string };

test.beforeAll(async ({ browser }, testInfo) => {
  const page = await browser.newPage({ baseURL: testInfo.project.use.baseURL });
  await beOwnClient(page);
  editor = await approvedEditor(page, admin);
  await page.close();
});

test.beforeEach(({ page }) => beOwnClient(page));

async function signInAsEditor(page: Page) {
  await signIn(page, editor.email, editor.password);
  await expect(page).toHaveURL(/\/admin$/);
}

/** Nothing sticks out sideways: the page fits a phone's width. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

test("the toast's live regions are on the page, empty, before a save, and its answer is put into them", async ({ page }) => {
  // As the administrator: the editor's five sign-ins in five minutes go to the tests below.
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  // The services: no other test here saves them, so this save changes no other test's history.
  await page.goto("/admin/services");
  const status = page.locator("#toast-status");
  const alert = page.locator("#toast-alert");
  await expect(status).toHaveAttribute("role", "status");
  await expect(alert).toHaveAttribute("role", "alert");
  await expect(status).toBeEmpty();
  await expect(alert).toBeEmpty();
  // Marked now: an announcement counts only if it lands in the region that was already there.
  await status.evaluate((region) => region.setAttribute("data-before-save", ""));
  await alert.evaluate((region) => region.setAttribute("data-before-save", ""));

  const title = page.locator("#field-cards\\.0\\.title");
  const kept = await title.inputValue();
  await title.fill("");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.locator("#toast-alert[data-before-save]")).toContainText("Failed to update services. Please try again.");
  await expect(status).toBeEmpty();

  await title.fill(kept);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.locator("#toast-status[data-before-save]")).toContainText("Services updated successfully!");
  await expect(alert).toBeEmpty();
});

test("an editor changes the hero, sees it on the public site at once, and restores the older version", async ({ page }) => {
  await signInAsEditor(page);
  await page.getByRole("link", { name: /^Hero/ }).click();
  await expect(page.getByRole("heading", { name: "Hero", level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);

  // A failed check keeps what was typed, and says why.
  const first = `Crews on the way in minutes, ${randomBytes(3).toString("hex")}.`;
  await page.getByLabel("Description").fill(first);
  await page.getByLabel("Title", { exact: true }).fill("");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Error" })).toContainText("Failed to update hero content. Please try again.");
  await expect(page.getByText("Title is required")).toBeVisible();
  await expect(page.getByLabel("Title", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Description")).toHaveValue(first);

  // Leaving with unsaved changes asks first.
  page.once("dialog", (dialog) => {
    expect(dialog.message()).toBe("You have unsaved changes. Leave this page and lose them?");
    void dialog.dismiss();
  });
  await page.getByRole("link", { name: "Back to Dashboard" }).click();
  await expect(page).toHaveURL(/\/admin\/hero$/);
  await expect(page.getByLabel("Description")).toHaveValue(first);

  await page.getByLabel("Title", { exact: true }).fill("24/7 Emergency Property Restoration in Philadelphia");
  await page.getByRole("button", { name: "Save Changes" }).click();
  const toast = page.getByRole("status");
  await expect(toast).toContainText("Success");
  await expect(toast).toContainText("Hero content updated successfully!");

  const site = await page.context().newPage();
  await site.goto("/");
  await expect(site.getByRole("main").getByText(first)).toBeVisible();

  const second = `A person answers day and night, ${randomBytes(3).toString("hex")}.`;
  await page.getByLabel("Description").fill(second);
  // The first save's toast says the same words and stays until replaced: wait for this save's answer.
  const secondSaved = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith("/admin/hero") && response.request().method() === "POST");
  await page.getByRole("button", { name: "Save Changes" }).click();
  expect((await secondSaved).ok()).toBe(true);
  await expect(page.getByRole("status")).toContainText("Hero content updated successfully!");
  await site.reload();
  await expect(site.getByRole("main").getByText(second)).toBeVisible();

  // The history lists both saves by this editor, newest first; the older one comes back in one click.
  const mine = page.getByRole("region", { name: "Version history" }).getByRole("listitem").filter({ hasText: editor.email });
  await expect(mine).toHaveCount(2);
  await mine
    .nth(1)
    .getByRole("button", { name: /^Restore/ })
    .click();
  await expect(page.getByRole("status")).toContainText("The selected version is back on the site.");
  await expect(page.getByLabel("Description")).toHaveValue(first);
  await site.reload();
  await expect(site.getByRole("main").getByText(first)).toBeVisible();
  await site.close();

  // Phone width: the editor fits.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
});

test("an editor uploads a partner's logo, moves it with the keyboard, and the partner grid shows it", async ({ page }) => {
  await signInAsEditor(page);
  await page.goto("/admin/trust-badges");
  await expect(page.getByRole("heading", { name: "Trust badges", level: 1 })).toBeVisible();

  const partner = page.getByRole("listitem", { name: /: Liberty Roofing$/ });
  const upload = partner.getByLabel("Upload logo for Liberty Roofing");

  // The browser refuses what is not an image before anything is sent.
  await upload.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a logo") });
  await expect(page.getByRole("alert")).toContainText("Please select an image file");

  const logo = await sharp({ create: { width: 800, height: 320, channels: 4, background: "#b91c1c" } })
    .png()
    .toBuffer();
  await upload.setInputFiles({ name: "liberty.png", mimeType: "image/png", buffer: logo });
  await expect(page.getByRole("status")).toContainText("Image uploaded successfully!");
  const preview = partner.getByRole("img", { name: "Logo of Liberty Roofing" });
  await expect(preview).toHaveAttribute("src", /^\/media\/logos\/[0-9a-f-]{36}-320\.webp$/);
  const logoUrl = (await preview.getAttribute("src")) ?? "";

  // Up and down buttons reorder from the keyboard, and focus stays with the badge.
  const names = () =>
    page.getByRole("listitem", { name: /^Badge \d+: / }).evaluateAll((items) => items.map((item) => item.getAttribute("aria-label")));
  const before = await names();
  await partner.getByRole("button", { name: "Move Liberty Roofing up" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Move Liberty Roofing up" })).toBeFocused();
  const after = await names();
  const position = before.findIndex((name) => name?.endsWith(": Liberty Roofing"));
  expect(after[position - 1]).toMatch(/: Liberty Roofing$/);

  // A new badge starts blank at the end, with the focus in its name.
  await page.getByRole("button", { name: "Add Badge" }).click();
  const added = page.getByRole("listitem", { name: /: no name yet$/ });
  await expect(added.getByLabel("Name")).toBeFocused();
  await added.getByLabel("Name").fill("Valley Gutters");
  const newBadge = page.getByRole("listitem", { name: /: Valley Gutters$/ });
  await expect.poll(names).toEqual([...after, `Badge ${after.length + 1}: Valley Gutters`]);
  await newBadge.getByLabel("Upload logo for Valley Gutters").setInputFiles({ name: "gutters.png", mimeType: "image/png", buffer: logo });
  await expect(newBadge.getByRole("img", { name: "Logo of Valley Gutters" })).toBeVisible();

  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("status")).toContainText("Trust badges section updated successfully!");
  await expectNoAxeViolations(page);

  const site = await page.context().newPage();
  await site.goto("/");
  const shown = site.getByRole("list", { name: "Partners" }).getByRole("img", { name: "Liberty Roofing" });
  await expect(shown).toHaveAttribute("src", logoUrl);
  await expect.poll(() => shown.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  await expect(site.getByRole("list", { name: "Partners" }).getByRole("img", { name: "Valley Gutters" })).toBeVisible();
  const file = await site.request.get(logoUrl);
  expect(file.headers()["content-type"]).toBe("image/webp");
  expect(file.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  await site.close();

  // Undo: the version before this save comes back.
  const history = page.getByRole("region", { name: "Version history" }).getByRole("listitem");
  await history
    .nth(1)
    .getByRole("button", { name: /^Restore/ })
    .click();
  await expect(page.getByRole("status")).toContainText("The selected version is back on the site.");
  await expect.poll(names).toEqual(before);
});

test("an administrator reads the audit log; an editor may not", async ({ page }) => {
  await signInAsEditor(page);
  await page.goto("/admin/settings");
  await expect(page.getByLabel("Call-back promise (minutes)")).toBeVisible();
  await page.getByLabel("Call-back promise (minutes)").fill("2");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Call-back promise must be a whole number of minutes from 5 to 1440")).toBeVisible();
  await page.getByLabel("Call-back promise (minutes)").fill("45");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("status")).toContainText("Site settings updated successfully!");

  await page.goto("/admin/audit");
  await expect(page.getByRole("heading", { name: "Administrators only" })).toBeVisible();

  await page.getByRole("button", { name: "Sign Out" }).click();
  await signIn(page, admin.email, admin.password);
  await page.getByRole("link", { name: /^Audit log/ }).click();
  const entry = page.getByRole("listitem").filter({ hasText: editor.email }).filter({ hasText: "Site settings" });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText("Changed Call-back promise (minutes)");
  await expectNoAxeViolations(page);
});

test("the company's saved name and phone reach the header, footer, structured data, share tags and titles", async ({ page }) => {
  const saved = { name: `Ready Crew ${randomBytes(3).toString("hex")}`, phone: "(215) 555-0199" };
  const publicDetails = async () => {
    await page.goto("/");
    const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}") as Record<string, unknown>;
    await page.goto("/privacy");
    return {
      headerCall: await page.getByRole("banner").getByRole("link", { name: /call/i }).first().getAttribute("href"),
      footerName: (await page.getByRole("contentinfo").textContent())?.includes(saved.name),
      structured: [data.name, data.telephone],
      shareName: await page.locator('meta[property="og:site_name"]').getAttribute("content"),
      title: await page.title(),
    };
  };
  // Sign-ins are limited per email, and the editor's are spent by the other tests.
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto("/admin/settings");
  await page.getByLabel("Company name").fill(saved.name);
  await page.getByLabel("Phone number").fill(saved.phone);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("status")).toContainText("Site settings updated successfully!");
  expect(await publicDetails()).toEqual({
    headerCall: "tel:+12155550199",
    footerName: true,
    structured: [saved.name, saved.phone],
    shareName: saved.name,
    title: `Privacy Policy | ${saved.name}`,
  });

  await page.goto("/admin/settings");
  await page.getByRole("region", { name: "Version history" }).getByRole("listitem").nth(1).getByRole("button", { name: /^Restore/ }).click();
  await expect(page.getByRole("status")).toContainText("The selected version is back on the site.");
  expect(await publicDetails()).toMatchObject({ headerCall: "tel:+12155550142", footerName: false, shareName: defaultCompany.name });
});

test("every editor fits a phone, passes axe, and reorders the mission's reasons from the keyboard", async ({ page }) => {
  await signInAsEditor(page);
  await page.setViewportSize({ width: 390, height: 844 });
  for (const [path, heading] of [
    ["/admin/hero", "Hero"],
    ["/admin/trust-badges", "Trust badges"],
    ["/admin/services", "Services"],
    ["/admin/mission", "Mission (why choose us)"],
    ["/admin/settings", "Site settings"],
    ["/admin/notifications", "Office notifications"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
  }

  // On the mission page: add a reason, give it text and an icon, move it to the top, save.
  await page.goto("/admin/mission");
  await page.getByRole("button", { name: "Add Reason" }).click();
  const added = page.getByRole("listitem").last();
  await expect(added.getByRole("textbox", { name: /^Text/ })).toBeFocused();
  const text = `Free estimates ${randomBytes(2).toString("hex")}`;
  await page.keyboard.type(text);
  await added.getByRole("combobox").selectOption("check");
  const reasons = page.getByRole("listitem", { name: /^Reason \d+$/ });
  const count = await reasons.count();
  for (let moves = 1; moves < count; moves++) {
    await page.getByRole("button", { name: `Move reason ${count - moves + 1} up` }).press("Enter");
  }
  await expect(reasons.first().getByRole("textbox", { name: /^Text/ })).toHaveValue(text);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("status")).toContainText("Mission content updated successfully!");

  await page.goto("/homepage2");
  await expect(page.getByRole("region", { name: defaultReasons.headline }).getByRole("listitem").first()).toHaveText(text);
  // One why-choose-us: the home page's list is the same content.
  await page.goto("/");
  await expect(page.getByRole("region", { name: defaultReasons.headline }).getByRole("listitem").first()).toHaveText(text);

  // Undo, so the page shows the installed reasons again.
  await page.goto("/admin/mission");
  await page
    .getByRole("region", { name: "Version history" })
    .getByRole("listitem")
    .nth(1)
    .getByRole("button", { name: /^Restore/ })
    .click();
  await expect(page.getByRole("status")).toContainText("The selected version is back on the site.");
});

/** An administrator of these tests' own: sign-ins are limited per email, and the editor's are spent above. */
const conflictsAdmin = e2eAdmins.conflicts;

/** Two tabs of one session open the hero; the second saves first. Returns the other tab and what it saved, the first tab now stale. */
async function heroOpenTwice(page: Page) {
  await signIn(page, conflictsAdmin.email, conflictsAdmin.password);
  await expect(page).toHaveURL(/\/admin$/);
  const other = await page.context().newPage();
  await page.goto("/admin/hero");
  await other.goto("/admin/hero");
  const theirs = `Theirs, saved first ${randomBytes(3).toString("hex")}`;
  await other.getByLabel("Description").fill(theirs);
  await other.getByRole("button", { name: "Save Changes" }).click();
  await expect(other.getByRole("status")).toContainText("Hero content updated successfully!");
  return { other, theirs };
}

test("a save over a newer version is refused with who and when and both versions; the editor overwrites on purpose or reloads theirs", async ({
  page,
}) => {
  // Two tabs, five saves and a reload: give a busy machine room.
  test.setTimeout(120_000);
  const { other, theirs } = await heroOpenTwice(page);
  const mine = `Mine, saved second ${randomBytes(3).toString("hex")}`;
  await page.getByLabel("Description").fill(mine);
  await page.getByRole("button", { name: "Save Changes" }).click();
  const changedBy = new RegExp(`Changed by ${conflictsAdmin.email.replace(/[.+]/g, "\\$&")} at .+ since you opened it`);
  await expect(page.getByRole("alert").filter({ hasText: "Error" })).toContainText(changedBy);
  const conflict = page.getByRole("region", { name: /^Not saved/ });
  await expect(conflict).toContainText(theirs);
  await expect(conflict).toContainText(mine);
  await expect(page.getByLabel("Description")).toHaveValue(mine);
  await expectNoAxeViolations(page);
  // Saving again without choosing is refused again: the form still names the version it was opened on.
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Error" })).toContainText(changedBy);

  await conflict.getByRole("button", { name: "Overwrite With My Version" }).click();
  await expect(page.getByRole("status")).toContainText("Hero content updated successfully!");
  await expect(page.getByRole("region", { name: /^Not saved/ })).toHaveCount(0);

  // The other tab is stale now: it keeps theirs by reloading.
  await other.getByLabel("Description").fill(`${theirs}, edited again`);
  await other.getByRole("button", { name: "Save Changes" }).click();
  await expect(other.getByRole("region", { name: /^Not saved/ })).toBeVisible();
  await other.getByRole("link", { name: "Reload Their Version" }).click();
  await expect(other.getByLabel("Description")).toHaveValue(mine);
  await expect(other.getByRole("region", { name: /^Not saved/ })).toHaveCount(0);
  await other.close();
  await page.goto("/");
  await expect(page.getByRole("main").getByText(mine)).toBeVisible();
});

test("the dashboard says Live only after checking, and names the missing mail server", async ({ page }) => {
  await signIn(page, conflictsAdmin.email, conflictsAdmin.password);
  await expect(page).toHaveURL(/\/admin$/);
  const status = page.getByRole("region", { name: "Site status" });
  await expect(status).toContainText("Live");
  await expect(status).toContainText("The database, the photo storage and the email sender answered just now.");
  await expect(status).toContainText("No mail server is set up");
  await expectNoAxeViolations(page);
});

test("what is typed before the page's scripts arrive is kept, and leaving then still asks first", async ({ page }) => {
  // Two editors, each loaded, typed into and then hydrated: give a busy machine room.
  test.setTimeout(60_000);
  await signIn(page, conflictsAdmin.email, conflictsAdmin.password);
  await expect(page).toHaveURL(/\/admin$/);
  const leaving = async (editor: Page) => {
    // Answered in the listener: a click that opens a dialog ends only once the dialog is answered.
    const asked = new Promise<string>((resolve) =>
      editor.once("dialog", (dialog) => {
        resolve(dialog.message());
        void dialog.dismiss();
      }),
    );
    await editor.getByRole("link", { name: "Back to Dashboard" }).click();
    expect(await asked).toBe("You have unsaved changes. Leave this page and lose them?");
    await expect(editor).toHaveURL(/\/admin\/hero$/);
  };

  // A textarea: hydration puts the server's text back over it, and the text typed must return.
  const release = await holdRequests(page, siteScript);
  await page.goto("/admin/hero", { waitUntil: "commit" });
  const description = page.getByLabel("Description");
  const typed = `Typed before the scripts came, ${randomBytes(3).toString("hex")}.`;
  await description.fill(typed);
  release();
  await waitUntilHydrated(description);
  await expect(description).toHaveValue(typed);
  await leaving(page);
  await expect(description).toHaveValue(typed);

  // An input only: hydration keeps its text, but no change was heard.
  const other = await page.context().newPage();
  const releaseOther = await holdRequests(other, siteScript);
  await other.goto("/admin/hero", { waitUntil: "commit" });
  const buttonText = other.getByLabel("Button text");
  await buttonText.fill("Call us now");
  releaseOther();
  await waitUntilHydrated(buttonText);
  await leaving(other);
  await expect(buttonText).toHaveValue("Call us now");
  await other.close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a stale save is refused and overwritten on purpose, as with JavaScript", async ({ page }) => {
    const { other, theirs } = await heroOpenTwice(page);
    await other.close();
    const mine = `Mine without JavaScript ${randomBytes(3).toString("hex")}`;
    await page.getByLabel("Description").fill(mine);
    await page.getByRole("button", { name: "Save Changes" }).click();
    const conflict = page.getByRole("region", { name: /^Not saved/ });
    await expect(conflict).toContainText(theirs);
    await expect(page.getByLabel("Description")).toHaveValue(mine);
    await conflict.getByRole("button", { name: "Overwrite With My Version" }).click();
    await expect(page.getByRole("status")).toContainText("Hero content updated successfully!");
    await page.goto("/");
    await expect(page.getByRole("main").getByText(mine)).toBeVisible();
  });

  test("the server checks a save with the same rules, keeps what was typed, and saves", async ({ page }) => {
    await signInAsEditor(page);
    await page.goto("/admin/hero");
    const description = `Ready before the water reaches the stairs, ${randomBytes(3).toString("hex")}.`;
    const title = await page.getByLabel("Title", { exact: true }).inputValue();
    await page.getByLabel("Description").fill(description);
    await page.getByLabel("Title", { exact: true }).fill("");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Error" })).toContainText("Failed to update hero content. Please try again.");
    await expect(page.getByText("Title is required")).toBeVisible();
    await expect(page.getByLabel("Description")).toHaveValue(description);

    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByRole("status")).toContainText("Hero content updated successfully!");
    await page.goto("/");
    await expect(page.getByRole("main").getByText(description)).toBeVisible();
  });
});
