import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { plainTextBody, startSmtpServer, type ReceivedMail } from "../support/smtp.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { expect, signIn, signOut, test } from "./support.ts";

/**
 * Staff accounts as an office runs them alone: a site of its own with a real SMTP peer, so every
 * notice and reset link is read where the person would read it.
 */
const port = Number(process.env.E2E_LEADS_PORT ?? 3292) + 1;
const baseURL = `http://127.0.0.1:${port}`;
const admin = { email: "admin-staff@e2e.example", password: "e2e-admin-password" };

let dataDir: string;
let site: ChildProcess;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

test.use({ baseURL });
// One site, one browser at a time: the tests below share its accounts and its mail.
test.describe.configure({ mode: "serial", timeout: 120_000 });

test.beforeAll(async () => {
  // create-admin and a start of the site, on a machine that may be busy.
  test.setTimeout(180_000);
  dataDir = mkdtempSync(path.join(tmpdir(), "staff-accounts-"));
  smtp = await startSmtpServer();
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    TRUST_PROXY: "1",
    PUBLIC_URL: baseURL,
    SESSION_SECRET: randomBytes(32).toString("hex"),
    SMTP_URL: smtp.url,
    MAIL_FROM: "Service Ready Restoration <office@staff.example>",
  };
  execFileSync(process.execPath, ["--import", "tsx", "scripts/create-admin.ts", "--email", admin.email, "--password", admin.password], { env });
  site = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], { env, stdio: ["ignore", "ignore", "inherit"] });
  await expect
    .poll(() => fetch(`${baseURL}/healthz`).then((response) => response.status, () => 0), { timeout: 150_000 })
    .toBe(200);
});

test.afterAll(async () => {
  const exited = new Promise((resolve) => site.once("exit", resolve));
  site.kill("SIGTERM");
  await exited;
  await smtp.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const mailsTo = (address: string): ReceivedMail[] => smtp.received.filter((mail) => mail.to.includes(address));
const bodiesTo = (address: string) => mailsTo(address).map((mail) => plainTextBody(mail.raw));

/** The first link to `pathname` in the newest email to `address` that has one, as a path on the site. */
async function linkMailed(address: string, pathname: string): Promise<string> {
  const pattern = new RegExp(`${baseURL.replace(/[.]/g, "\\.")}${pathname}\\?\\S+`);
  await expect.poll(() => bodiesTo(address).some((body) => pattern.test(body)), { timeout: 20_000 }).toBe(true);
  const body = bodiesTo(address).findLast((text) => pattern.test(text)) ?? "";
  const link = new URL(pattern.exec(body)?.[0] ?? baseURL);
  return link.pathname + link.search;
}

async function ownClientPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": `10.${randomBytes(3).join(".")}` } });
  return context.newPage();
}

async function signUpAndConfirm(page: Page, email: string, password: string) {
  await page.goto("/auth?tab=sign-up");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByRole("status")).toHaveText("Please check your email for confirmation link");
  await page.goto(await linkMailed(email, "/auth/confirm"));
}

const newcomer = { email: `newcomer.${randomBytes(4).toString("hex")}@example.com`, password: "a newcomer's password" };

test("@desktop-only admins hear of a confirmed account; the person reads what happens next and hears of the approval or the refusal", async ({
  page,
  browser,
}) => {
  await signUpAndConfirm(page, newcomer.email, newcomer.password);
  await expect(page.getByRole("heading", { name: "Your email address is confirmed" })).toBeVisible();
  await expect(page.getByText("The site's administrators have been emailed")).toBeVisible();
  await expectNoAxeViolations(page);
  await expect.poll(() => bodiesTo(admin.email).filter((body) => body.includes(newcomer.email)).length, { timeout: 20_000 }).toBe(1);
  expect(mailsTo(admin.email).at(-1)?.subject).toContain("New staff account waiting for approval");
  expect(bodiesTo(admin.email).at(-1)).toContain(`${baseURL}/admin/users`);

  const refused = `refused.${randomBytes(4).toString("hex")}@example.com`;
  const other = await ownClientPage(browser);
  await signUpAndConfirm(other, refused, "another good password");
  await other.context().close();

  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto("/admin/users");
  await page.getByRole("listitem").filter({ hasText: newcomer.email }).getByRole("button", { name: "Approve as editor" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved.");
  await page.getByRole("listitem").filter({ hasText: refused }).getByRole("button", { name: `Refuse ${refused}`, exact: true }).click();
  await expect(page.getByRole("status")).toHaveText("Saved.");
  await expect(page.getByRole("listitem").filter({ hasText: refused })).toContainText("Revoked");
  await expectNoAxeViolations(page);

  await expect.poll(() => mailsTo(newcomer.email).map((mail) => mail.subject), { timeout: 20_000 }).toContainEqual(
    expect.stringContaining("Your staff account is approved"),
  );
  expect(bodiesTo(newcomer.email).at(-1)).toContain("as an editor");
  await expect.poll(() => mailsTo(refused).map((mail) => mail.subject), { timeout: 20_000 }).toContainEqual(
    expect.stringContaining("Your staff account was not approved"),
  );

  await page.goto("/admin/audit");
  const log = page.getByRole("list").first();
  await expect(log.getByRole("listitem").filter({ hasText: `Approved ${newcomer.email} as an editor` })).toContainText(admin.email);
  await expect(log.getByRole("listitem").filter({ hasText: `Refused the account of ${refused}` })).toContainText(admin.email);
  await expectNoAxeViolations(page);

  // An export of requests is in the log too, with who did it.
  const download = await page.request.get("/admin/requests/export?status=new");
  expect(download.status()).toBe(200);
  await page.reload();
  await expect(log.getByRole("listitem").filter({ hasText: "Exported 0 requests as a spreadsheet (CSV): status: new" })).toContainText(admin.email);
  await signOut(page);
});

test("@desktop-only a forgotten password: a link by email, the same answer for any address, valid once, and every old session ended", async ({
  page,
  browser,
}) => {
  // Signed in elsewhere before the reset: that session must end.
  const elsewhere = await ownClientPage(browser);
  await signIn(elsewhere, newcomer.email, newcomer.password);
  await expect(elsewhere).toHaveURL(/\/admin$/);

  await page.goto("/auth");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await expectNoAxeViolations(page);
  const sent = "If an account uses this address, we have emailed it a link to choose a new password. The link works for one hour.";
  await page.getByLabel("Email").fill(`nobody.${randomBytes(4).toString("hex")}@example.com`);
  await page.getByRole("button", { name: "Email Me a Link" }).click();
  await expect(page.getByRole("status")).toHaveText(sent);
  await page.getByLabel("Email").fill(newcomer.email.toUpperCase());
  await page.getByRole("button", { name: "Email Me a Link" }).click();
  await expect(page.getByRole("status")).toHaveText(sent);

  const link = await linkMailed(newcomer.email, "/auth/reset-password");
  expect(mailsTo(newcomer.email).at(-1)?.subject).toContain("Choose a new password");
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await page.getByLabel("New password").fill("123456");
  await page.getByRole("button", { name: "Save New Password" }).click();
  await expect(page.getByRole("alert")).toHaveText("This password is too common. Choose one that is harder to guess.");
  await expectNoAxeViolations(page);
  const fresh = "a fresh and long password";
  await page.getByLabel("New password").fill(fresh);
  await page.getByRole("button", { name: "Save New Password" }).click();
  await expect(page).toHaveURL(/\/auth\?reset=done$/);
  await expect(page.getByRole("status")).toHaveText(
    "Your password has been changed and every session of your account was signed out. Sign in with your new password.",
  );

  // The old session is over; the old password no longer works, the new one does.
  await elsewhere.goto("/admin");
  await expect(elsewhere).toHaveURL(/\/auth$/);
  await elsewhere.context().close();
  await expect.poll(() => mailsTo(newcomer.email).map((mail) => mail.subject), { timeout: 20_000 }).toContainEqual(
    expect.stringContaining("Your password was changed"),
  );
  await signIn(page, newcomer.email, newcomer.password);
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
  await signIn(page, newcomer.email, fresh);
  await expect(page).toHaveURL(/\/admin$/);
  await signOut(page);

  // The link works once.
  await page.goto(link);
  await page.getByLabel("New password").fill("yet another long password");
  await page.getByRole("button", { name: "Save New Password" }).click();
  await expect(page.getByRole("alert")).toHaveText("This link is invalid, expired or already used. Ask for a new one below.");
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();

  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto("/admin/audit");
  await expect(
    page.getByRole("listitem").filter({ hasText: `Chose a new password with an emailed link (every session of ${newcomer.email} was signed out)` }),
  ).toContainText(newcomer.email);
});
