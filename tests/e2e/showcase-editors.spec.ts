import { type Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { expectNoAxeViolations } from "./axe.ts";
import { e2eAdmins } from "../../playwright.config.ts";
import { approvedEditor, beOwnClient, expect, signIn, test } from "./support.ts";

const admin = e2eAdmins.showcase;
let editor: { email: string; password: string };

test.beforeAll(async ({ browser }, testInfo) => {
  const page = await browser.newPage({ baseURL: testInfo.project.use.baseURL });
  await beOwnClient(page);
  editor = await approvedEditor(page, admin);
  await page.close();
});

test.beforeEach(({ page }) => beOwnClient(page));

async function save(page: Page) {
  await page.getByRole("button", { name: "Save Changes" }).click();
}

/** The home page as the server renders it, before any script runs. */
async function serverHome(page: Page): Promise<string> {
  const response = await page.request.get("/");
  expect(response.status()).toBe(200);
  return response.text();
}

function localBusiness(html: string) {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) =>
    JSON.parse(match[1] ?? "{}"),
  );
  return blocks.find((block: { "@type"?: string }) => block["@type"] === "LocalBusiness") as {
    aggregateRating: { ratingValue: string; reviewCount: number };
    review?: { author: { name: string }; reviewRating: { ratingValue: number } }[];
  };
}

test("projects: a draft stays private, a photo needs alt text to be published, and the order is the office's", async ({ page }) => {
  const tag = randomBytes(3).toString("hex");
  await signIn(page, editor.email, editor.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto("/admin/projects");
  await expect(page.getByRole("heading", { name: "Projects", level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);

  // A draft with no photo saves.
  await page.getByRole("button", { name: "Add Project" }).click();
  await expect(page.locator("#project-0-caption")).toBeFocused();
  await page.locator("#project-0-caption").fill(`Kitchen draft ${tag}`);
  await save(page);
  await expect(page.getByRole("status")).toContainText("Projects updated successfully!");

  // A published project: its photo uploaded here, then refused until it has alt text.
  await page.getByRole("button", { name: "Add Project" }).click();
  const item = page.getByRole("listitem", { name: /^Project 2/ });
  await item.getByLabel("Caption").fill(`Basement dried ${tag}`);
  await item.getByLabel("Status").selectOption("published");
  await item.getByLabel("Town").selectOption("Ambler");
  await item.getByLabel("Service").selectOption("water");
  const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#2a6f97" } })
    .jpeg()
    .toBuffer();
  await item
    .getByRole("group", { name: /^Photo/ })
    .locator('input[type="file"]')
    .setInputFiles({ name: "basement.jpg", mimeType: "image/jpeg", buffer: photo });
  await expect(page.getByRole("status")).toContainText("Image uploaded successfully!", { timeout: 60_000 });
  await save(page);
  await expect(page.getByRole("alert").filter({ hasText: "Error" })).toContainText("Failed to update projects. Please try again.");
  const alt = item.getByRole("group", { name: /^Photo/ }).getByLabel("Alt text");
  await expect(alt).toHaveAttribute("aria-invalid", "true");
  await expect(item.getByText("Describe the photo (alt text) before it is shown on the site")).toBeVisible();
  await alt.fill("A dry basement with new drywall");
  // Published first: moved above the draft.
  await page.getByRole("button", { name: `Move Basement dried ${tag} up` }).click();
  await save(page);
  await expect(page.getByRole("status")).toContainText("Projects updated successfully!");
  await expect(page.getByRole("listitem", { name: /^Project 1/ }).getByLabel("Caption")).toHaveValue(`Basement dried ${tag}`);
  await expectNoAxeViolations(page);

  const html = await serverHome(page);
  expect(html).toContain(`Basement dried ${tag}`);
  expect(html).toContain('alt="A dry basement with new drywall"');
  expect(html).toMatch(/<source type="image\/avif" srcset="\/media\/photos\/[0-9a-f-]{36}-480\.avif 480w/i);
  expect(html).toContain('loading="lazy"');
  expect(html).toContain("background-image:url(data:image/webp;base64,");
  expect(html).not.toContain(`Kitchen draft ${tag}`);

  await page.goto("/");
  const projects = page.getByRole("region", { name: "Recent Projects" });
  await expect(projects.getByText(`Basement dried ${tag}`)).toBeVisible();
  await expect(projects.getByText("Water damage · Ambler, PA")).toBeVisible();
});

test("reviews: published ones are shown and rate the company, drafts never", async ({ page }) => {
  const tag = randomBytes(3).toString("hex");
  await signIn(page, editor.email, editor.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto("/admin/reviews");
  await expect(page.getByRole("heading", { name: "Reviews", level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);

  const add = async (index: number, fields: { name: string; rating: string; status: string; text: string }) => {
    await page.getByRole("button", { name: "Add Review" }).click();
    const item = page.getByRole("listitem", { name: new RegExp(`^Review ${index + 1}`) });
    await item.getByLabel("Name").fill(fields.name);
    await item.getByLabel("Status").selectOption(fields.status);
    await item.getByLabel("Rating").selectOption(fields.rating);
    await item.getByLabel("Review", { exact: true }).fill(fields.text);
    await item.getByLabel("Source").fill("Google");
  };
  await add(0, { name: `Maria ${tag}`, rating: "4", status: "published", text: "Fast, honest and kind." });
  await add(1, { name: `Draft ${tag}`, rating: "1", status: "draft", text: "Not agreed to be shown yet." });
  await add(2, { name: `Tom ${tag}`, rating: "5", status: "published", text: "They were at our door in forty minutes." });
  // A review without text is refused, with the field named.
  await page
    .getByRole("listitem", { name: /^Review 3/ })
    .getByLabel("Review", { exact: true })
    .fill("");
  await save(page);
  await expect(page.getByText("Review is required")).toBeVisible();
  await page
    .getByRole("listitem", { name: /^Review 3/ })
    .getByLabel("Review", { exact: true })
    .fill("They were at our door in forty minutes.");
  // Third to first: two moves up.
  await page.getByRole("button", { name: `Move the review by Tom ${tag} up` }).click();
  await page.getByRole("button", { name: `Move the review by Tom ${tag} up` }).click();
  await save(page);
  await expect(page.getByRole("status")).toContainText("Reviews updated successfully!");
  await expectNoAxeViolations(page);

  const html = await serverHome(page);
  expect(html).not.toContain(`Draft ${tag}`);
  expect(html.indexOf(`Tom ${tag}`)).toBeLessThan(html.indexOf(`Maria ${tag}`));
  const data = localBusiness(html);
  expect(data.aggregateRating).toMatchObject({ ratingValue: "4.5", reviewCount: 2 });
  expect(data.review?.map((review) => [review.author.name, review.reviewRating.ratingValue])).toEqual([
    [`Tom ${tag}`, 5],
    [`Maria ${tag}`, 4],
  ]);

  await page.goto("/");
  await expect(page.getByRole("main").getByText("Rated 4.5 out of 5 from 2 reviews").first()).toBeVisible();
  const reviews = page.getByRole("region", { name: "What Our Customers Say" });
  await expect(reviews.getByText("They were at our door in forty minutes.")).toBeVisible();
  await expectNoAxeViolations(page);

  // Back to no published review: the settings' figures again, and no review items.
  await page.goto("/admin/reviews");
  for (const index of [0, 1])
    await page
      .getByRole("listitem", { name: new RegExp(`^Review ${index + 1}`) })
      .getByLabel("Status")
      .selectOption("draft");
  await save(page);
  await expect(page.getByRole("status")).toContainText("Reviews updated successfully!");
  const after = localBusiness(await serverHome(page));
  expect(after.aggregateRating).toMatchObject({ ratingValue: "5.0", reviewCount: 150 });
  expect(after.review).toBeUndefined();
});
