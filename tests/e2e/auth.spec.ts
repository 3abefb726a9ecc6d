import { type Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { expectNoAxeViolations } from "./axe.ts";
import { adminOf, beOwnClient, expect, outboxMailsMentioning, signIn, signOut, test } from "./support.ts";

test.beforeEach(({ page }) => beOwnClient(page));

/** Holds the page's form posts until the returned function is called, so the busy state can be seen. */
async function holdPosts(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/*", async (route) => {
    if (route.request().method() === "POST") await held;
    await route.fallback();
  });
  return release;
}

test("a visitor asking for the admin is sent to sign in, without seeing any of it", async ({ page }) => {
  const response = await page.request.get("/admin", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe("/auth");
  expect(await response.text()).not.toContain("Dashboard");
  await page.goto("/admin/users");
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole("heading", { name: "Sign In" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("the forms say what is wrong before anything is sent, and a wrong password gets one plain answer", async ({ page }) => {
  await page.goto("/auth");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please fill in all fields");
  await page.getByLabel("Email").fill("someone@nowhere");
  await page.getByLabel("Password").fill("whatever1");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please enter a valid email address");
  await page.getByLabel("Email").fill("nobody@example.com");
  const releaseSignIn = await holdPosts(page);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("button", { name: "Signing in..." })).toBeDisabled();
  releaseSignIn();
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
  await page.unrouteAll();
  await expectNoAxeViolations(page);

  await page.getByRole("link", { name: "Sign Up" }).click();
  await expect(page.getByRole("heading", { name: "Sign Up" })).toBeVisible();
  await page.getByLabel("Email").fill("new@example.com");
  await page.getByLabel("Password").fill("12345");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByRole("alert")).toHaveText("Password must be at least 6 characters");
  await expectNoAxeViolations(page);
  await page.getByLabel("Email").fill(`busy.${randomBytes(4).toString("hex")}@example.com`);
  await page.getByLabel("Password").fill("long enough 1");
  const releaseSignUp = await holdPosts(page);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByRole("button", { name: "Creating account..." })).toBeDisabled();
  releaseSignUp();
  await expect(page.getByRole("button", { name: "Sign Up" })).toBeEnabled();
});

test("sign up, confirm by email, wait for approval, get approved by an admin, then use the dashboard", async ({ page }, testInfo) => {
  const admin = adminOf(testInfo.project.name);
  const email = `staff.${randomBytes(4).toString("hex")}@example.com`;
  const password = "a-good-password";

  await page.goto("/auth?tab=sign-up");
  await page.getByLabel("Email").fill(` ${email.toUpperCase()} `);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByRole("status")).toHaveText("Please check your email for confirmation link");

  await expect.poll(() => outboxMailsMentioning(email).length, { timeout: 15_000 }).toBe(1);
  const link = /http:\/\/\S+\/auth\/confirm\?token=\S+/.exec(outboxMailsMentioning(email)[0] ?? "")?.[0] ?? "";
  expect(link).not.toBe("");
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page).toHaveURL(/\/auth\/confirm\?confirmed=1$/);
  await expect(page.getByRole("heading", { name: "Your email address is confirmed" })).toBeVisible();
  await expectNoAxeViolations(page);

  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Your account awaits approval" })).toBeVisible();
  await expect(page.getByText("awaits approval by an administrator")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await signOut(page);

  await signIn(page, admin.email, admin.password);
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  // Signed in, the sign-in page leads straight back to the admin.
  await page.goto("/auth");
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole("link", { name: /Users/ }).click();
  await expect(page.getByRole("heading", { name: "Users" })).toBeVisible();
  await expectNoAxeViolations(page);
  const row = page.getByRole("listitem").filter({ hasText: email });
  await expect(row).toContainText("Awaiting approval");
  await row.getByRole("button", { name: "Approve as editor" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved.");
  await expect(row).toContainText("Editor");
  await signOut(page);

  await signIn(page, email, password);
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  // The e2e server has no mail server: the dashboard says so rather than "Live".
  await expect(page.getByText("Not sent: no mail server", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Last Updated" })).toBeVisible();
  await expect(page.getByRole("link", { name: /View Live Site/ })).toHaveAttribute("target", "_blank");
  await expect(page.getByRole("link", { name: /Preview/ })).toHaveAttribute("href", "/");
  // Users is for administrators: an editor has no tile and is refused at the door.
  await expect(page.getByRole("link", { name: /^Users/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
  const users = await page.request.get("/admin/users");
  expect(users.status()).toBe(403);
  expect(users.headers()["cache-control"]).toBe("private, no-store");

  await signOut(page);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/auth$/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("staff sign in, see the dashboard and sign out", async ({ page }, testInfo) => {
    const admin = adminOf(testInfo.project.name);
    await signIn(page, "nobody@example.com", "wrong-password");
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
    await expect(page.getByLabel("Email")).toHaveValue("nobody@example.com");
    await signIn(page, admin.email, admin.password);
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    await signOut(page);
  });
});
