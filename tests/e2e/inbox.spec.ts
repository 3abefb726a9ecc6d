import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import sharp from "sharp";
import { expectNoAxeViolations } from "./axe.ts";
import { adminOf, approvedEditor, beOwnClient, expect, postRequest, signIn, signOut, test } from "./support.ts";

test.beforeEach(({ page }) => beOwnClient(page));

test("a request sent by a visitor is found, read with its photo, worked and exported by an editor", async ({ page }, testInfo) => {
  const lastName = `Inbox${randomBytes(3).toString("hex")}`;
  const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#2266aa" } })
    .jpeg()
    .toBuffer();
  await postRequest(page.request, {
    problem: "Sewage backup",
    problemDescription: "Basement drain backed up overnight",
    firstName: "Robin",
    lastName,
    phone: "(215) 555-0177",
    email: `${lastName.toLowerCase()}@example.com`,
    address: "9 Mill Road, Hatboro, PA",
    photos: { name: "drain.jpg", mimeType: "image/jpeg", buffer: photo },
  });

  // Nobody else sees it: the list and the file are staff-only.
  const asVisitor = await page.request.get("/admin/requests", { maxRedirects: 0 });
  expect(asVisitor.status()).toBe(302);

  const editor = await approvedEditor(page, adminOf(testInfo.project.name));
  await signIn(page, editor.email, editor.password);
  await expect(page.getByRole("link", { name: /Requests/ })).toContainText(/[1-9]\d* new/);
  await page.getByRole("link", { name: /Requests/ }).click();
  await expect(page.getByRole("heading", { name: "Requests" })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel("Search").fill(lastName);
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByRole("status")).toHaveText(/^1 request match/);
  const row = page.getByRole("listitem").filter({ hasText: lastName });
  await expect(row).toContainText("Sewage backup");
  await expect(row).toContainText("1 photo");
  await expect(row).toContainText("Hatboro");
  await expect(row.getByRole("link", { name: "(215) 555-0177" })).toHaveAttribute("href", "tel:+12155550177");
  await row.getByRole("link", { name: `Robin ${lastName}` }).click();

  await expect(page.getByRole("heading", { name: `Robin ${lastName}` })).toBeVisible();
  await expect(page.getByText("Basement drain backed up overnight")).toBeVisible();
  const thumbnail = page.getByRole("img", { name: "drain.jpg, open full size" });
  await expect(thumbnail).toBeVisible();
  // Thumbnails load lazily: on a phone the status and assignment cards come first.
  await thumbnail.scrollIntoViewIfNeeded();
  await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(480);
  const href = await page.getByRole("link", { name: /drain\.jpg/ }).getAttribute("href");
  const visitorFile = await page.context().browser()?.newContext();
  const refused = await visitorFile?.request.get(new URL(href ?? "", page.url()).toString(), { maxRedirects: 0 });
  expect(refused?.status()).toBe(302);
  await visitorFile?.close();
  await expectNoAxeViolations(page);

  await page.getByLabel("Set status").selectOption("contacted");
  await page.getByRole("button", { name: "Save Status" }).click();
  await expect(page.getByRole("status")).toHaveText("Status set to Contacted.");
  await expect(page.getByText(`New → Contacted, by ${editor.email}`)).toBeVisible();

  await page.getByLabel("Add a note").fill("Called back, visit booked for 9 am");
  await page.getByRole("button", { name: "Add Note" }).click();
  await expect(page.getByRole("status")).toHaveText("Note added.");
  await expect(page.getByText("Called back, visit booked for 9 am")).toBeVisible();
  await expect(page.getByText(new RegExp(`^${editor.email.replace(/\./g, "\\.")} · `))).toBeVisible();
  // Deleting is for administrators.
  await expect(page.getByRole("button", { name: "Delete Request" })).toHaveCount(0);

  await page.getByRole("link", { name: "All requests" }).click();
  await page.getByLabel("Search").fill(lastName);
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByRole("status")).toHaveText(/^1 request match/);
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const csv = readFileSync((await (await downloading).path()) ?? "", "utf8");
  const lines = csv.trim().split("\r\n");
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`"Contacted","Sewage backup","Robin","${lastName}","(215) 555-0177"`);
  await signOut(page);
});
