import { type Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { jpegBytes } from "../support/files.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { adminOf, beOwnClient, expect, outboxMailsMentioning, postRequest, signIn, test, waitForHydration } from "./support.ts";

test.beforeEach(({ page }) => beOwnClient(page));

const uniqueEmail = () => `lead.${randomBytes(4).toString("hex")}@example.com`;
const dialogOf = (page: Page) => page.getByRole("dialog", { name: "Get Your Free Assessment" });
const openDialog = (page: Page) => page.getByRole("link", { name: "GET A FREE ASSESSMENT" }).click();

test("what the visitor typed survives a reload and a back navigation, photos are asked for again, and a submit clears the draft", async ({ page }) => {
  const email = uniqueEmail();
  await page.goto("/");
  await openDialog(page);
  const openedAt = Date.now();
  const dialog = dialogOf(page);

  // Step 1 with the triage questions, which show for a water problem only.
  await dialog.getByRole("radio", { name: "Mold concern" }).check();
  await expect(dialog.getByRole("group", { name: "Is there standing water?" })).toBeHidden();
  await dialog.getByRole("radio", { name: "Water damage" }).check();
  const stopped = dialog.getByRole("group", { name: "Has the source of the water been stopped?" });
  await stopped.getByRole("radio", { name: "No", exact: true }).check();
  await dialog.getByRole("group", { name: "Is there standing water?" }).getByRole("radio", { name: "Yes" }).check();
  await dialog.getByLabel("Describe the problem").fill("Burst pipe in the attic");
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Next" }).click();

  // Step 2 with the insurance fields.
  await dialog.getByLabel("First Name").fill("Dana");
  await dialog.getByLabel("Last Name").fill("Draft");
  await dialog.getByLabel("Phone").fill("(215) 555-0190");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Insurance company (optional)").fill("Keystone Mutual");
  await dialog.getByLabel("Claim number (optional)").fill("KM-2026-77");
  await expect(dialog.getByLabel("Claim number (optional)")).toHaveAttribute("maxlength", "100");
  await expectNoAxeViolations(page);

  await page.reload();
  await expect(dialog).toBeHidden();
  await openDialog(page);
  await expect(dialog.getByText("Step 2 of 5", { exact: true })).toBeVisible();
  await expect(dialog.getByLabel("First Name")).toHaveValue("Dana");
  await expect(dialog.getByLabel("Last Name")).toHaveValue("Draft");
  await expect(dialog.getByLabel("Phone")).toHaveValue("(215) 555-0190");
  await expect(dialog.getByLabel("Email")).toHaveValue(email);
  await expect(dialog.getByLabel("Insurance company (optional)")).toHaveValue("Keystone Mutual");
  await expect(dialog.getByLabel("Claim number (optional)")).toHaveValue("KM-2026-77");
  await dialog.getByRole("button", { name: "Previous" }).click();
  await expect(dialog.getByRole("radio", { name: "Water damage" })).toBeChecked();
  await expect(stopped.getByRole("radio", { name: "No", exact: true })).toBeChecked();
  await expect(dialog.getByRole("group", { name: "Is there standing water?" }).getByRole("radio", { name: "Yes" })).toBeChecked();
  await expect(dialog.getByLabel("Describe the problem")).toHaveValue("Burst pipe in the attic");

  // Leaving for another page and coming back keeps it as well.
  await dialog.getByRole("button", { name: "Close" }).click();
  await page.goto("/privacy");
  await page.goBack();
  await waitForHydration(page);
  await openDialog(page);
  await expect(dialog.getByLabel("Describe the problem")).toHaveValue("Burst pipe in the attic");
  await expect(dialog.getByRole("radio", { name: "Water damage" })).toBeChecked();

  // Closing and reopening keeps it too; photos chosen before a reload must be chosen again.
  await dialog.getByRole("button", { name: "Next" }).click();
  await dialog.getByRole("button", { name: "Next" }).click();
  await dialog.locator('input[type="file"]').setInputFiles([{ name: "attic.jpg", mimeType: "image/jpeg", buffer: jpegBytes }]);
  await expect(dialog.getByText("1 of 10 files chosen")).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  await openDialog(page);
  await expect(dialog.getByText("1 of 10 files chosen")).toBeVisible();
  await page.reload();
  await openDialog(page);
  await expect(dialog.getByText("Step 3 of 5", { exact: true })).toBeVisible();
  await expect(dialog.getByText("The photos you chose before the page was reloaded could not be kept. Please choose them again.")).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.locator('input[type="file"]').setInputFiles([{ name: "attic.jpg", mimeType: "image/jpeg", buffer: jpegBytes }]);
  await expect(dialog.getByText("The photos you chose before the page was reloaded")).toBeHidden();

  await dialog.getByRole("button", { name: "Next" }).click();
  await dialog.getByRole("button", { name: "Next" }).click();
  const left = 3_500 - (Date.now() - openedAt);
  if (left > 0) await page.waitForTimeout(left);
  await dialog.getByRole("button", { name: "Submit Request" }).click();
  await expect(dialog.getByRole("heading", { name: "Thank You!" })).toBeVisible();
  await expect(dialog.getByText("A specialist will call you within 1 hour.")).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem("service-request-draft"))).toBeNull();

  await expect.poll(() => outboxMailsMentioning(email).length, { timeout: 15_000 }).toBe(2);
  const mails = outboxMailsMentioning(email);
  const office = mails.find((mail) => mail.includes("Subject: URGENT New service request: Water damage - Dana Draft"));
  expect(office).toContain("Insurance company: Keystone Mutual");
  expect(office).toContain("Water source stopped: No");
  expect(mails.find((mail) => mail.includes("Subject: We received your request"))).toContain("A specialist will call you within 1 hour.");

  await page.reload();
  await openDialog(page);
  await expect(dialog.getByText("Step 1 of 5", { exact: true })).toBeVisible();
  await expect(dialog.getByRole("radio", { name: "Water damage" })).not.toBeChecked();
});

test("'Submit Another Request' starts from a blank form", async ({ page }) => {
  await page.goto("/");
  await openDialog(page);
  const openedAt = Date.now();
  const dialog = dialogOf(page);
  await dialog.getByRole("radio", { name: "General inquiry" }).check();
  await dialog.getByRole("button", { name: "Next" }).click();
  await dialog.getByLabel("First Name").fill("Ann");
  await dialog.getByLabel("Last Name").fill("Other");
  await dialog.getByLabel("Phone").fill("215 555 0191");
  await dialog.getByLabel("Email").fill(uniqueEmail());
  for (let step = 2; step < 5; step++) await dialog.getByRole("button", { name: "Next" }).click();
  const left = 3_500 - (Date.now() - openedAt);
  if (left > 0) await page.waitForTimeout(left);
  await dialog.getByRole("button", { name: "Submit Request" }).click();
  await dialog.getByRole("button", { name: "Submit Another Request" }).click();
  await page.waitForLoadState("load");
  await openDialog(page);
  await expect(dialog.getByText("Step 1 of 5", { exact: true })).toBeVisible();
  await dialog.getByRole("radio", { name: "General inquiry" }).check();
  await dialog.getByRole("button", { name: "Next" }).click();
  await expect(dialog.getByLabel("First Name")).toHaveValue("");
});

test("6000 × 4000 phone photos are made smaller in the browser before they are sent, a turned one kept upright", async ({ page }) => {
  // Noise makes it as heavy as a real 24 MP photo's detail would.
  const large = await sharp({ create: { width: 6000, height: 4000, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 40 } } })
    .jpeg({ quality: 70 })
    .toBuffer();
  // The same pixels, taken with the phone turned: the EXIF orientation says to show them rotated, as a portrait.
  const turned = await sharp(large).withMetadata({ orientation: 6 }).jpeg({ quality: 70 }).toBuffer();
  // What the dialog hands to the network: the body's size and the photo's dimensions, measured in the page.
  await page.addInitScript(() => {
    const send = XMLHttpRequest.prototype.send;
    const sent: Promise<{ bytes: number; photos: { width: number; height: number; size: number }[] }>[] = [];
    Object.assign(window, { sentBodies: sent });
    XMLHttpRequest.prototype.send = function (body) {
      if (body instanceof FormData) {
        const photos = body.getAll("photos").filter((value): value is File => value instanceof File);
        sent.push(
          (async () => ({
            bytes: (await new Response(body).arrayBuffer()).byteLength,
            photos: await Promise.all(
              photos.map(async (file) => {
                const bitmap = await createImageBitmap(file);
                return { width: bitmap.width, height: bitmap.height, size: file.size };
              }),
            ),
          }))(),
        );
      }
      send.call(this, body);
    };
  });
  await page.goto("/");
  await openDialog(page);
  const openedAt = Date.now();
  const dialog = dialogOf(page);
  await dialog.getByRole("radio", { name: "Storm damage" }).check();
  await dialog.getByRole("button", { name: "Next" }).click();
  await dialog.getByLabel("First Name").fill("Pat");
  await dialog.getByLabel("Last Name").fill("Photo");
  await dialog.getByLabel("Phone").fill("215 555 0192");
  await dialog.getByLabel("Email").fill(uniqueEmail());
  await dialog.getByRole("button", { name: "Next" }).click();
  await dialog.locator('input[type="file"]').setInputFiles([
    { name: "roof.jpg", mimeType: "image/jpeg", buffer: large },
    { name: "wall.jpg", mimeType: "image/jpeg", buffer: turned },
  ]);
  await expect(dialog.getByText("2 of 10 files chosen")).toBeVisible();
  for (let step = 3; step < 5; step++) await dialog.getByRole("button", { name: "Next" }).click();
  const left = 3_500 - (Date.now() - openedAt);
  if (left > 0) await page.waitForTimeout(left);

  await dialog.getByRole("button", { name: "Submit Request" }).click();
  await expect(dialog.getByRole("heading", { name: "Thank You!" })).toBeVisible();

  const [sent] = await page.evaluate(() => Promise.all((window as unknown as { sentBodies: Promise<unknown>[] }).sentBodies));
  const { bytes, photos } = sent as { bytes: number; photos: { width: number; height: number; size: number }[] };
  expect(bytes).toBeLessThan(large.length + turned.length);
  // Landscape stays landscape and the turned photo stands upright, 2560 px on the long side.
  expect(photos).toEqual([
    { width: 2560, height: 1707, size: expect.any(Number) },
    { width: 1707, height: 2560, size: expect.any(Number) },
  ]);
  expect(photos[0]?.size).toBeLessThan(large.length);
  expect(photos[1]?.size).toBeLessThan(turned.length);
});

test("the inbox marks urgent requests and shows the call-back promise running out", async ({ page }, testInfo) => {
  const lastName = `Lead${randomBytes(3).toString("hex")}`;
  await postRequest(page.request, {
    problem: "Fire damage",
    firstName: "Frankie",
    lastName,
    phone: "(215) 555-0193",
    email: `${lastName.toLowerCase()}@example.com`,
  });

  await page.clock.install({ time: new Date() });
  const admin = adminOf(testInfo.project.name);
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Lead figures" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Requests per week by problem type" })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto(`/admin/requests?q=${lastName}`);
  const row = page.getByRole("listitem").filter({ hasText: lastName });
  await expect(row.getByText("Urgent", { exact: true })).toBeVisible();
  await expect(row.getByText(/^Call back within (59 minutes|1 hour)$/)).toBeVisible();
  await expectNoAxeViolations(page);

  await page.clock.fastForward("01:02:00");
  await expect(row.getByText(/^Call-back overdue by \d+ minutes?$/)).toBeVisible();

  await row.getByRole("link", { name: `Frankie ${lastName}` }).click();
  const notifications = page.getByRole("region", { name: "Notifications" });
  await expect(notifications.getByText(/^Office email/)).toBeVisible();
  await expect(notifications.getByText(/^Visitor email/)).toBeVisible();
  await expect(page.getByText(/^Call-back overdue by/)).toBeVisible();
});
