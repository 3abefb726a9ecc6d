import { type Locator, type Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { defaultCompany } from "#app/content/company.ts";
import { defaultHero } from "#app/content/defaults.ts";
import { exeBytes, jpegBytes } from "../support/files.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { beOwnClient, expect, holdRequests, outboxMailsMentioning, siteScript, test, waitUntilHydrated } from "./support.ts";

test.beforeEach(({ page }) => beOwnClient(page));

const uniqueEmail = () => `jane.${randomBytes(4).toString("hex")}@example.com`;
const photo = {
  name: "basement.jpg",
  mimeType: "image/jpeg",
  buffer: jpegBytes,
};

/** The server takes a form filled faster than a person can as a bot's: wait as a person would. */
async function waitLikeAPerson(page: Page, openedAt: number) {
  const left = 3_500 - (Date.now() - openedAt);
  if (left > 0) await page.waitForTimeout(left);
}

async function expectStep(dialog: Locator, step: number) {
  await expect(dialog.getByText(`Step ${step} of 5`, { exact: true })).toBeVisible();
  await expect(dialog.getByText(`${step * 20}%`, { exact: true })).toBeVisible();
}

type Contact = { first: string; last: string; phone: string; email: string };

/** Fills the contact fields: the dialog's second step, or the request page's form. */
async function fillContact(form: Locator, contact: Contact) {
  await form.getByLabel("First Name").fill(contact.first);
  await form.getByLabel("Last Name").fill(contact.last);
  await form.getByLabel("Phone").fill(contact.phone);
  await form.getByLabel("Email").fill(contact.email);
}

/** Opens the dialog from the hero and fills what is required up to step 5, with `photos` on step 3. */
async function fillToLastStep(
  page: Page,
  problem: string,
  contact: Contact,
  photos: Parameters<Locator["setInputFiles"]>[0] = [],
) {
  await page.getByRole("link", { name: "GET A FREE ASSESSMENT" }).click();
  const openedAt = Date.now();
  const dialog = page.getByRole("dialog", { name: "Get Your Free Assessment" });
  await dialog.getByRole("radio", { name: problem }).check();
  await dialog.getByRole("button", { name: "Next" }).click();
  await fillContact(dialog, contact);
  await dialog.getByRole("button", { name: "Next" }).click();
  await dialog.locator('input[type="file"]').setInputFiles(photos);
  for (let step = 3; step < 5; step++) await dialog.getByRole("button", { name: "Next" }).click();
  await expectStep(dialog, 5);
  return { dialog, openedAt };
}

test.describe("free-assessment dialog", () => {
  test("a visitor walks the six steps, fixing bad input on the way, and the office hears of it", async ({ page }) => {
    const email = uniqueEmail();
    await page.goto("/");
    await page.getByRole("link", { name: "GET A FREE ASSESSMENT" }).click();
    const openedAt = Date.now();
    const dialog = page.getByRole("dialog", {
      name: "Get Your Free Assessment",
    });
    await expect(dialog).toBeVisible();
    const next = dialog.getByRole("button", { name: "Next" });

    // Step 1
    await expectStep(dialog, 1);
    await expect(dialog.getByRole("button", { name: "Previous" })).toBeDisabled();
    await expectNoAxeViolations(page);
    await next.click();
    await expect(dialog.getByText("Please select the type of problem")).toBeVisible();
    await expectStep(dialog, 1);
    await dialog.getByRole("radio", { name: "Water damage" }).check();
    await dialog.getByLabel("Describe the problem").fill("Pipe burst under the sink");
    await expect(dialog.getByText("25/500 characters")).toBeVisible();
    await next.click();

    // Step 2
    await expectStep(dialog, 2);
    await next.click();
    for (const message of ["First name is required", "Last name is required", "Phone number is required", "Email address is required"]) {
      await expect(dialog.getByText(message)).toBeVisible();
    }
    await expectNoAxeViolations(page);
    await dialog.getByLabel("First Name").fill("Jane");
    await expect(dialog.getByText("First name is required")).toBeHidden();
    await dialog.getByLabel("Last Name").fill("Doe");
    await dialog.getByLabel("Phone").fill("call me");
    await dialog.getByLabel("Email").fill("jane@nowhere");
    await next.click();
    await expect(dialog.getByText("Please enter a valid phone number")).toBeVisible();
    await expect(dialog.getByText("Please enter a valid email address")).toBeVisible();
    await expect(dialog.getByLabel("Phone")).toHaveAttribute("maxlength", "20");
    await expect(dialog.getByLabel("Email")).toHaveAttribute("maxlength", "100");
    await dialog.getByLabel("Phone").fill("(215) 555-0100");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Address").fill("12 Oak Lane, Ambler, PA");
    await next.click();

    // Step 3
    await expectStep(dialog, 3);
    await dialog.locator('input[type="file"]').setInputFiles([
      photo,
      {
        name: "setup.exe",
        mimeType: "application/octet-stream",
        buffer: exeBytes,
      },
    ]);
    await expect(dialog.getByText("setup.exe: Invalid file name")).toBeVisible();
    const chosen = dialog.getByRole("list", { name: "Chosen files" });
    await expect(chosen.getByText("basement.jpg", { exact: true })).toBeVisible();
    await expect(chosen.getByText(/^\d+ Bytes$/)).toBeVisible();
    await expectNoAxeViolations(page);
    await next.click();

    // Step 4
    await expectStep(dialog, 4);
    await expect(dialog.getByLabel("Please specify")).toBeHidden();
    await dialog.getByRole("radio", { name: "Other" }).check();
    await dialog.getByLabel("Please specify").fill("Saw your truck");
    await expectNoAxeViolations(page);
    await next.click();

    // Step 5
    await expectStep(dialog, 5);
    await dialog.getByRole("textbox").filter({ visible: true }).fill("Call after 5pm");
    await expect(dialog.getByText("14/1000")).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Previous" }).click();
    await expectStep(dialog, 4);
    await next.click();
    await waitLikeAPerson(page, openedAt);
    await dialog.getByRole("button", { name: "Submit Request" }).click();

    // Step 6
    await expect(dialog.getByRole("heading", { name: "Thank You!" })).toBeVisible();
    await expect(dialog.getByText(/A specialist will review your request/)).toBeVisible();
    await expect(dialog.getByRole("link", { name: defaultCompany.phone }).first()).toHaveAttribute("href", "tel:+12155550142");
    await expect(dialog.getByRole("button", { name: "Submit Another Request" })).toBeVisible();
    await expectNoAxeViolations(page);

    await expect.poll(() => outboxMailsMentioning(email).length, { timeout: 15_000 }).toBe(2);
    const [office] = outboxMailsMentioning(email).filter((mail) => mail.includes(`To: ${defaultCompany.officeEmail}`));
    expect(office).toContain("Jane");
    expect(office).toContain("Saw your truck");

    await dialog.getByRole("button", { name: "Return to Homepage" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
  });

  test("a failed submit shows the banner and keeps everything typed and chosen", async ({ page }) => {
    await page.goto("/");
    await page.route("**/api/service-requests", (route) => route.fulfill({ status: 503, body: "Service Unavailable" }));
    const { dialog } = await fillToLastStep(
      page,
      "Mold concern",
      {
        first: "Sam",
        last: "Lee",
        phone: "215-555-0101",
        email: uniqueEmail(),
      },
      [photo],
    );
    await dialog.getByRole("button", { name: "Submit Request" }).click();
    await expect(dialog.getByRole("alert").filter({ hasText: "We could not send your request" })).toBeVisible();
    const previous = dialog.getByRole("button", { name: "Previous" });
    await previous.click();
    await previous.click();
    await expect(dialog.getByRole("list", { name: "Chosen files" }).getByText("basement.jpg", { exact: true })).toBeVisible();
    await previous.click();
    await expect(dialog.getByLabel("First Name")).toHaveValue("Sam");
    await previous.click();
    await expect(dialog.getByRole("radio", { name: "Mold concern" })).toBeChecked();
  });

  test("ten files fill the list: Choose Files is disabled and an eleventh is named as not added", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "GET A FREE ASSESSMENT" }).click();
    const dialog = page.getByRole("dialog", { name: "Get Your Free Assessment" });
    await dialog.getByRole("radio", { name: "Water damage" }).check();
    await dialog.getByRole("button", { name: "Next" }).click();
    await dialog.getByLabel("First Name").fill("Ten");
    await dialog.getByLabel("Last Name").fill("Files");
    await dialog.getByLabel("Phone").fill("215 555 0110");
    await dialog.getByLabel("Email").fill(uniqueEmail());
    await dialog.getByRole("button", { name: "Next" }).click();
    const input = dialog.locator('input[type="file"]');
    await input.setInputFiles(Array.from({ length: 11 }, (_, index) => ({ ...photo, name: `room-${index + 1}.jpg` })));
    await expect(dialog.getByText("10 of 10 files chosen")).toBeVisible();
    await expect(dialog.getByRole("list", { name: "Chosen files" }).getByRole("listitem")).toHaveCount(10);
    await expect(dialog.getByText("room-11.jpg: Not added, at most 10 files")).toBeVisible();
    await expect(input).toBeDisabled();
    await dialog.getByRole("button", { name: "Remove room-1.jpg" }).click();
    await expect(dialog.getByText("9 of 10 files chosen")).toBeVisible();
    await expect(input).toBeEnabled();
  });

  test("the server's field errors come back on the right step", async ({ page }) => {
    await page.goto("/");
    await page.route("**/api/service-requests", (route) =>
      route.fulfill({
        status: 400,
        json: {
          status: "invalid",
          fieldErrors: { email: "Email address is too long" },
          values: {},
        },
      }),
    );
    const { dialog } = await fillToLastStep(page, "Fire damage", {
      first: "Al",
      last: "Ng",
      phone: "2155550102",
      email: uniqueEmail(),
    });
    await dialog.getByRole("button", { name: "Submit Request" }).click();
    await expectStep(dialog, 2);
    await expect(dialog.getByText("Email address is too long")).toBeVisible();
    await expect(dialog.getByLabel("Email")).toBeFocused();
  });

  test("on a slow connection, the visitor sees how much of the photos has been sent", async ({ page }) => {
    const email = uniqueEmail();
    await page.goto("/");
    // About 600 KB of photo over a 150 KB/s uplink: a few seconds of visible progress.
    const largePhoto = {
      ...photo,
      name: "kitchen.jpg",
      buffer: Buffer.concat([jpegBytes, Buffer.alloc(600 * 1024)]),
    };
    const { dialog, openedAt } = await fillToLastStep(page, "Water damage", { first: "Lou", last: "Slow", phone: "215 555 0106", email }, [
      largePhoto,
    ]);
    const network = await page.context().newCDPSession(page);
    await network.send("Network.enable");
    await network.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 100,
      downloadThroughput: -1,
      uploadThroughput: 150 * 1024,
    });
    await waitLikeAPerson(page, openedAt);
    await dialog.getByRole("button", { name: "Submit Request" }).click();

    await expect(dialog.getByRole("button", { name: "Submitting..." })).toBeDisabled();
    await expect(dialog.getByRole("progressbar", { name: "Uploading photos" })).toBeVisible();
    await expect(dialog.getByText(/Uploading photos… [\d.]+ (Bytes|KB|MB) of [\d.]+ KB \(\d+%\)/)).toBeVisible();
    await expect(dialog.getByRole("heading", { name: "Thank You!" })).toBeVisible({ timeout: 20_000 });
    await expect.poll(() => outboxMailsMentioning(email).length, { timeout: 15_000 }).toBe(2);
  });

  test("can be completed with the keyboard alone", async ({ page }) => {
    const email = uniqueEmail();
    await page.goto("/");
    // The hero's button: on a phone the header's request button is in the menu.
    const opener = page.getByRole("region", { name: defaultHero.title }).getByRole("link", { name: defaultHero.buttonText });
    await opener.focus();
    await page.keyboard.press("Enter");
    const openedAt = Date.now();
    const dialog = page.getByRole("dialog", {
      name: "Get Your Free Assessment",
    });
    await expect(dialog).toBeVisible();

    const tabTo = async (target: Locator) => {
      for (let press = 0; press < 30; press++) {
        if (await target.evaluate((element) => element === document.activeElement)) return;
        await page.keyboard.press("Tab");
      }
      throw new Error("Tab never reached the target");
    };
    await tabTo(dialog.getByRole("radio", { name: "Water damage" }));
    await page.keyboard.press("Space");
    await expect(dialog.getByRole("radio", { name: "Water damage" })).toBeChecked();
    await tabTo(dialog.getByRole("button", { name: "Next" }));
    await page.keyboard.press("Enter");
    await expectStep(dialog, 2);
    for (const [label, value] of [
      ["First Name", "Kay"],
      ["Last Name", "Board"],
      ["Phone", "215 555 0103"],
      ["Email", email],
    ] as const) {
      await tabTo(dialog.getByLabel(label));
      await page.keyboard.type(value);
    }
    for (let step = 2; step <= 4; step++) {
      await tabTo(dialog.getByRole("button", { name: "Next" }));
      await page.keyboard.press("Enter");
      await expectStep(dialog, step + 1);
    }
    await waitLikeAPerson(page, openedAt);
    await tabTo(dialog.getByRole("button", { name: "Submit Request" }));
    await page.keyboard.press("Enter");
    await expect(dialog.getByRole("heading", { name: "Thank You!" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await expect.poll(() => outboxMailsMentioning(email).length, { timeout: 15_000 }).toBe(2);
  });
});

test("the request page, blank and with the server's messages, has no accessibility violations", async ({ page }) => {
  await page.goto("/request");
  await expectNoAxeViolations(page);
  const form = page.getByRole("main");
  await form.getByRole("radio", { name: "General inquiry" }).check();
  await fillContact(form, { first: "A", last: "B", phone: "2155550105", email: "a@nowhere" });
  await form.getByRole("button", { name: "Submit Request" }).click();
  await expect(page.getByText("Please enter a valid email address").first()).toBeVisible();
  await expectNoAxeViolations(page);
});

test("on a slow connection, what a visitor types before the scripts arrive is kept, on a form the server sent back too", async ({ page }) => {
  // The scripts come only once released: the form is sent as it is without JavaScript, and refused.
  const release = await holdRequests(page, siteScript);
  await page.goto("/request", { waitUntil: "commit" });
  const form = page.getByRole("main");
  await form.getByRole("radio", { name: "Water damage" }).check();
  await fillContact(form, { first: "Ana", last: "Flood", phone: "2155550106", email: "ana@nowhere" });
  const sent = "Water is coming through the kitchen ceiling";
  await form.getByLabel("Describe the problem").fill(sent);
  await form.getByRole("button", { name: "Submit Request" }).click();
  await expect(page.getByText("Please enter a valid email address").first()).toBeVisible();
  const description = form.getByLabel("Describe the problem");
  await expect(description).toHaveValue(sent);

  // Added to the text the server sent back, before the page is hydrated.
  const typed = `${sent}, and the lights flicker`;
  await description.fill(typed);
  release();
  await waitUntilHydrated(description);
  await expect(description).toHaveValue(typed);
  await expect(form.getByText(`${typed.length}/500 characters`)).toBeVisible();
});

test("a visitor still typing as the scripts arrive keeps their place in the text, and the count catches up", async ({ page }) => {
  const release = await holdRequests(page, siteScript);
  await page.goto("/request", { waitUntil: "commit" });
  const form = page.getByRole("main");
  const description = form.getByLabel("Describe the problem");
  const typed = "Basement flooded overnight";
  await description.fill(typed);
  // The caret moved back into the text, as a person correcting a word would.
  await description.evaluate((field: HTMLTextAreaElement) => field.setSelectionRange(9, 9));
  release();
  await waitUntilHydrated(description);
  await expect(form.getByText(`${typed.length}/500 characters`)).toBeVisible();
  await expect(description).toBeFocused();
  expect(await description.evaluate((field: HTMLTextAreaElement) => [field.selectionStart, field.selectionEnd])).toEqual([9, 9]);
});

test.describe("request page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the request buttons lead to the page, whose form is refused with messages, then fixed and received at once, not taken for a bot", async ({
    page,
  }) => {
    const email = uniqueEmail();
    await page.goto("/");
    await page.getByRole("link", { name: "GET A FREE ASSESSMENT" }).click();
    await expect(page).toHaveURL(/\/request$/);
    const openedAt = Date.now();

    const form = page.getByRole("main");
    await form.getByRole("radio", { name: "Storm damage" }).check();
    // A browser's own check accepts this address; the server's does not.
    await fillContact(form, { first: "Rae", last: "Storm", phone: "(215) 555-0104", email: "rae@nowhere" });
    await form.locator('input[type="file"]').setInputFiles([photo]);
    // A person takes a few seconds over the form; the server's stamp of when the page was served shows it.
    await waitLikeAPerson(page, openedAt);
    await form.getByRole("button", { name: "Submit Request" }).click();

    await expect(page.getByText("Please enter a valid email address").first()).toBeVisible();
    await expect(form.getByLabel("First Name")).toHaveValue("Rae");
    await expect(form.getByRole("radio", { name: "Storm damage" })).toBeChecked();
    await expect(form.getByLabel("Photos")).toHaveAccessibleDescription(/The photo you chose was not kept\. Please choose it again before you submit\./);

    const refusedAt = Date.now();
    await form.getByLabel("Email").fill(email);
    await form.locator('input[type="file"]').setInputFiles([photo]);
    await form.getByRole("button", { name: "Submit Request" }).click();
    // Sent again well inside the time trap's 3 seconds (about one here): only the stamp kept from the first serving makes this a person's.
    expect(Date.now() - refusedAt).toBeLessThan(3_000);
    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Submit Another Request" })).toHaveAttribute("href", "/request");
    await expect.poll(() => outboxMailsMentioning(email).length, { timeout: 15_000 }).toBe(2);
    // Received as a person's request: the office email is not marked as suspected spam.
    expect(outboxMailsMentioning(email).some((mail) => /^Subject: New service request: Storm damage - Rae Storm$/m.test(mail))).toBe(true);
  });
});
