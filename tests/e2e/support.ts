import { test as base, expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { issueFormStart } from "#app/features/service-request/form-start.server.ts";
import { e2eAdmins, e2eDataDir } from "../../playwright.config.ts";

/**
 * Waits, on a page React Router rendered, until React has taken the document over: before that, a
 * click follows a link's no-JavaScript target (the request buttons lead to `/request`).
 */
export async function waitForHydration(page: Page): Promise<void> {
  if (!(await page.evaluate(() => "__reactRouterContext" in window))) return;
  await page.waitForFunction(() => Object.keys(document).some((key) => key.startsWith("_reactListening")));
}

/**
 * Waits until React has hydrated `field` (it holds React's own properties): whatever hydration
 * does to the field's value has been done by then.
 */
export async function waitUntilHydrated(field: Locator): Promise<void> {
  await expect.poll(() => field.evaluate((node) => Object.keys(node).some((key) => key.startsWith("__reactFiber")))).toBe(true);
}

/** The address of one of the site's own scripts: held back, the page is served and drawn, but not hydrated. */
export const siteScript = /\/assets\/[\w.-]+\.js$/;

/** Holds back the answers to the page's requests for `address` until `release` is called. */
export async function holdRequests(page: Page, address: string | RegExp): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(address, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Playwright's `test`, whose page waits for hydration after each `goto` and `reload` when JavaScript
 * runs; except a `goto` asked to wait only for the answer (`waitUntil: "commit"`), to act before it.
 */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, provide) => {
    if (javaScriptEnabled) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (...args) => {
        const response = await goto(...args);
        if (args[1]?.waitUntil !== "commit") await waitForHydration(page);
        return response;
      };
      page.reload = async (...args) => {
        const response = await reload(...args);
        await waitForHydration(page);
        return response;
      };
    }
    await provide(page);
  },
});

export { expect };

/** An `.eml` body as text: quoted-printable soft breaks joined and escapes decoded. */
function decodeQuotedPrintable(mail: string): string {
  return mail.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Emails the e2e server wrote to its outbox folder that mention `text`. */
export function outboxMailsMentioning(text: string): string[] {
  const folder = path.join(e2eDataDir, "outbox");
  let names: string[] = [];
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  return names.map((name) => decodeQuotedPrintable(readFileSync(path.join(folder, name), "utf8"))).filter((mail) => mail.includes(text));
}

/** The server counts clients by network address (behind its trusted proxy): make this page a client of its own. */
export async function beOwnClient(page: Page): Promise<void> {
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": `10.${randomBytes(3).join(".")}` });
}

/** This project's administrator. */
export const adminOf = (projectName: string) => e2eAdmins[projectName as keyof typeof e2eAdmins];

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/auth$/);
}

/** An editor made the way the office makes one: sign up, confirm by email, approval by `admin`. Ends signed out. */
export async function approvedEditor(page: Page, admin: { email: string; password: string }): Promise<{ email: string; password: string }> {
  const editor = { email: `editor.${randomBytes(4).toString("hex")}@example.com`, password: "an-editor-password" };
  await page.goto("/auth?tab=sign-up");
  await page.getByLabel("Email").fill(editor.email);
  await page.getByLabel("Password").fill(editor.password);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByRole("status")).toHaveText("Please check your email for confirmation link");
  await expect.poll(() => outboxMailsMentioning(editor.email).length, { timeout: 15_000 }).toBe(1);
  const link = new URL(/http:\/\/\S+\/auth\/confirm\?token=\S+/.exec(outboxMailsMentioning(editor.email)[0] ?? "")?.[0] ?? "");
  await page.goto(link.pathname + link.search);
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto("/admin/users");
  await page.getByRole("listitem").filter({ hasText: editor.email }).getByRole("button", { name: "Approve as editor" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved.");
  await signOut(page);
  return editor;
}

/**
 * A form start stamp of the e2e server's, made a minute ago, for requests sent beside a page:
 * signed with the secret the server keeps in its data folder, as the dialog's would be.
 */
export function formStartMinuteAgo(): string {
  const secret = readFileSync(path.join(e2eDataDir, "session-secret"), "utf8").trim();
  return issueFormStart(secret, new Date(Date.now() - 60_000));
}

type MultipartValue = string | { name: string; mimeType: string; buffer: Buffer };

/**
 * A visitor's request posted beside the page, as the dialog posts it, from a client address of
 * its own (it goes out without the page's headers); its form opened a minute ago by `formStart`.
 */
export async function postRequest(request: APIRequestContext, fields: Record<string, MultipartValue>, formStart = formStartMinuteAgo()): Promise<void> {
  const sent = await request.post("/api/service-requests", {
    headers: { Accept: "application/json", "X-Forwarded-For": `10.${randomBytes(3).join(".")}` },
    multipart: { formStart, website: "", ...fields },
  });
  expect(sent.status()).toBe(200);
  expect(await sent.json()).toMatchObject({ status: "received" });
}
