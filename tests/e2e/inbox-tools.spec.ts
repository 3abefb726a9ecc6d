import { randomBytes, randomInt } from "node:crypto";
import { e2eAdmins } from "../../playwright.config.ts";
import { expectNoAxeViolations } from "./axe.ts";
import type { Page } from "@playwright/test";
import { beOwnClient, expect, postRequest, signIn, signOut, test } from "./support.ts";

test.beforeEach(({ page }) => beOwnClient(page));

const admin = e2eAdmins.leads;
/** A phone number no other test sends, as three digit groups. */
const phoneDigits = () => [String(randomInt(200, 999)), String(randomInt(200, 999)), String(randomInt(1000, 9999))] as const;

async function searchFor(page: Page, text: string) {
  await page.getByLabel("Search").fill(text);
  await page.getByRole("button", { name: "Show" }).click();
}

test("staff find a lead by its phone digits, take it, log a call and move both on together", async ({ page }) => {
  // Six pages, each checked by axe: room for a machine busy with other work.
  test.setTimeout(180_000);
  const lastName = `Tools${randomBytes(3).toString("hex")}`;
  const [area, exchange, line] = phoneDigits();
  await postRequest(page.request, {
    problem: "Water damage",
    firstName: "Robin",
    lastName,
    phone: `(${area}) ${exchange} ${line}`,
    email: `${lastName.toLowerCase()}@example.com`,
  });

  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto("/admin/requests");
  // Digits match whatever the formatting.
  await searchFor(page, `${area}-${exchange}-${line}`);
  await expect(page.getByText(/^1 request match/)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`q=${area}-${exchange}-${line}`));
  await expectNoAxeViolations(page);

  const row = page.getByRole("listitem").filter({ hasText: lastName });
  await row.getByRole("button", { name: /^Assign to me/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "Request assigned to you." })).toBeVisible();
  await expect(row).toContainText("Assigned to you");
  await page.getByRole("link", { name: "Mine", exact: true }).click();
  await expect(page).toHaveURL(/assignee=me/);
  await expect(page.getByRole("listitem").filter({ hasText: lastName })).toBeVisible();

  // A phone call, logged from the inbox: the public form's checks, in its words.
  await page.getByRole("link", { name: "Log a phone call" }).click();
  await expect(page.getByRole("heading", { name: "Log a phone call" })).toBeVisible();
  await expectNoAxeViolations(page);
  const form = page.getByRole("form", { name: "Log a phone call" });
  await form.getByRole("radio", { name: "Fire damage" }).check();
  await form.getByLabel("First Name").fill("Casey");
  await form.getByLabel("Last Name").fill(lastName);
  await form.getByLabel("Phone", { exact: true }).fill("12");
  await form.getByLabel("Email").fill(`casey.${lastName.toLowerCase()}@example.com`);
  await form.getByRole("button", { name: "Save Phone Call" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Please enter a valid phone number" })).toBeVisible();
  await expect(form.getByLabel("First Name")).toHaveValue("Casey");
  // A lead arriving meanwhile reloads the page's data live: the refused form keeps what was typed and what is wrong.
  const reloaded = page.waitForResponse((response) => response.url().includes("/admin/requests/log-call.data") && response.request().method() === "GET");
  await postRequest(page.request, { problem: "Mold concern", firstName: "Meanwhile", lastName: "Elsewhere", phone: "(215) 555-0123", email: `meanwhile.${randomBytes(3).toString("hex")}@example.com` });
  await reloaded;
  await expect(page.getByRole("alert").filter({ hasText: "Please enter a valid phone number" })).toBeVisible();
  await expect(form.getByLabel("First Name")).toHaveValue("Casey");
  await expectNoAxeViolations(page);
  await form.getByLabel("Phone", { exact: true }).fill("(610) 555-0199");
  await form.getByRole("button", { name: "Save Phone Call" }).click();
  await expect(page.getByRole("heading", { name: `Casey ${lastName}` })).toBeVisible();
  await expect(page.getByText(`Phone call, logged by ${admin.email}`)).toBeVisible();
  await expectNoAxeViolations(page);

  // Both, selected together with the keyboard, marked Contacted in one go.
  await page.getByRole("link", { name: "All requests" }).click();
  await searchFor(page, lastName);
  await expect(page.getByText(/^2 requests match/)).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: `Casey ${lastName}` })).toContainText("Phone call");
  const selectAll = page.getByLabel("Select all 2 on this page");
  await selectAll.focus();
  await page.keyboard.press("Space");
  await expect(page.getByLabel(`Select Robin ${lastName}`)).toBeChecked();
  await expect(page.getByLabel(`Select Casey ${lastName}`)).toBeChecked();
  await page.getByLabel("With the selected").selectOption({ label: "Mark Contacted" });
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByRole("status").filter({ hasText: "2 requests marked Contacted." })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: lastName }).filter({ hasText: "Contacted" })).toHaveCount(2);
  // A lead arriving meanwhile reloads the list live: the answer to the bulk action stays until the next one.
  const listReloaded = page.waitForResponse((response) => response.url().includes("/admin/requests.data") && response.request().method() === "GET");
  await postRequest(page.request, { problem: "Mold concern", firstName: "Later", lastName: "Elsewhere", phone: "(215) 555-0124", email: `later.${randomBytes(3).toString("hex")}@example.com` });
  await listReloaded;
  await expect(page.getByRole("status").filter({ hasText: "2 requests marked Contacted." })).toBeVisible();
  await expectNoAxeViolations(page);

  // Filters that match nothing say so, with the way back.
  await page.goto(`/admin/requests?q=${lastName}&status=new&from=2026-02-30`);
  await expect(page.getByRole("alert")).toContainText("The “From” date is not a valid date");
  await expect(page.getByText("No request matches these filters.")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Clear filters" }).first().click();
  await expect(page).toHaveURL(/\/admin\/requests$/);
  await signOut(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the same work is plain forms: search by digits, select all on the page, log a call", async ({ page }) => {
    test.setTimeout(120_000);
    const lastName = `Plain${randomBytes(3).toString("hex")}`;
    const [area, exchange, line] = phoneDigits();
    await postRequest(page.request, { problem: "Mold concern", firstName: "Sam", lastName, phone: `${area}.${exchange}.${line}`, email: `${lastName.toLowerCase()}@example.com` });

    await signIn(page, admin.email, admin.password);
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto("/admin/requests/log-call");
    const form = page.getByRole("form", { name: "Log a phone call" });
    await form.getByRole("radio", { name: "Storm damage" }).check();
    await form.getByLabel("First Name").fill("Lee");
    await form.getByLabel("Last Name").fill(lastName);
    await form.getByLabel("Phone", { exact: true }).fill(`${area}${exchange}${line}`);
    await form.getByLabel("Email").fill(`lee.${lastName.toLowerCase()}@example.com`);
    await form.getByRole("button", { name: "Save Phone Call" }).click();
    await expect(page.getByRole("heading", { name: `Lee ${lastName}` })).toBeVisible();

    await page.goto("/admin/requests");
    await searchFor(page, `(${area}) ${exchange}-${line}`);
    await expect(page.getByText(/^2 requests match/)).toBeVisible();
    await page.getByLabel("Select all 2 on this page").check();
    await page.getByLabel("With the selected").selectOption({ label: "Mark Scheduled" });
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByRole("status").filter({ hasText: "2 requests marked Scheduled." })).toBeVisible();
    // The filter is kept in the address after the post.
    await expect(page.getByRole("listitem").filter({ hasText: lastName }).filter({ hasText: "Scheduled" })).toHaveCount(2);
    await signOut(page);
  });
});
