import type { BrowserContext, Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { e2eAdmins } from "../../playwright.config.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { expect, formStartMinuteAgo, signIn, test, waitForHydration } from "./support.ts";

const admin = e2eAdmins.live;

/** A visitor's request, sent from a browser context of its own as the request dialog sends it; its id. */
async function sendRequest(visitor: BrowserContext, fields: Record<string, string>): Promise<string> {
  const sent = await visitor.request.post("/api/service-requests", {
    headers: { Accept: "application/json", "X-Forwarded-For": `10.${randomBytes(3).join(".")}` },
    multipart: { formStart: formStartMinuteAgo(), website: "", phone: "(215) 555-0101", email: `live.${randomBytes(3).toString("hex")}@example.com`, ...fields },
  });
  expect(sent.status()).toBe(200);
  const answer = (await sent.json()) as { status: string; requestId: string };
  expect(answer.status).toBe("received");
  return answer.requestId;
}

async function signedInPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": `10.${randomBytes(3).join(".")}` });
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  return page;
}

/** Set on the page once: still there later means the page was never reloaded. */
const markPage = (page: Page) => page.evaluate(() => Object.assign(window, { notReloaded: true }));
const stillSamePage = (page: Page) => page.evaluate(() => "notReloaded" in window);

test("@desktop-only an open inbox shows a visitor's new request, another staff member's status change and note within 3 s, without a reload", async ({ browser }) => {
  test.setTimeout(120_000);
  const office = await browser.newContext();
  const colleague = await browser.newContext();
  const visitor = await browser.newContext();
  try {
    const inbox = await signedInPage(office);
    await inbox.goto("/admin/requests");
    await expect(inbox.getByText("Live updates", { exact: true })).toBeVisible();
    await markPage(inbox);

    const lastName = `Live${randomBytes(3).toString("hex")}`;
    const requestId = await sendRequest(visitor, { problem: "Water damage", sourceStopped: "No", firstName: "Casey", lastName, address: "12 Main St, Ambler, PA" });
    const row = inbox.getByRole("listitem").filter({ hasText: lastName });
    await expect(row).toBeVisible({ timeout: 3_000 });
    await expect(row).toContainText("Urgent");
    expect(await stillSamePage(inbox)).toBe(true);
    // The tab's title counts the requests waiting for a call back.
    await expect(inbox).toHaveTitle(/^\(\d+\) Requests \| Admin$/);

    // The request's page, open in the office, hears a colleague's "I'm on it", status change and note.
    const detail = await office.newPage();
    await detail.goto(`/admin/requests/${requestId}`);
    await waitForHydration(detail);
    await expect(detail.getByText("Live updates", { exact: true })).toBeVisible();
    await markPage(detail);
    const other = await signedInPage(colleague);
    await other.goto(`/admin/requests/${requestId}`);
    await other.getByRole("button", { name: "I'm on it" }).click();
    await expect(other.getByRole("status")).toHaveText("You're on it: the other staff can see it now.");
    await expect(detail.getByText(`On it: ${admin.email}`)).toBeVisible({ timeout: 3_000 });
    await other.getByLabel("Set status").selectOption("contacted");
    await other.getByRole("button", { name: "Save Status" }).click();
    await expect(other.getByRole("status")).toHaveText("Status set to Contacted.");
    await expect(row).toContainText("Contacted", { timeout: 3_000 });
    await expect(detail.getByText(`New → Contacted, by ${admin.email}`)).toBeVisible({ timeout: 3_000 });
    const note = `Called back ${randomBytes(3).toString("hex")}`;
    await other.getByLabel("Add a note").fill(note);
    await other.getByRole("button", { name: "Add Note" }).click();
    await expect(other.getByRole("status")).toHaveText("Note added.");
    await expect(detail.getByText(note)).toBeVisible({ timeout: 3_000 });
    expect(await stillSamePage(inbox)).toBe(true);
    expect(await stillSamePage(detail)).toBe(true);
  } finally {
    await Promise.all([office.close(), colleague.close(), visitor.close()]);
  }
});

test("@desktop-only the alerts page turns the urgent sound on per browser and checks the escalation time", async ({ browser }) => {
  const context = await browser.newContext();
  try {
    const page = await signedInPage(context);
    await page.goto("/admin/alerts");
    await expect(page.getByRole("heading", { name: "Alerts" })).toBeVisible();
    const sound = page.getByRole("button", { name: "Sound for urgent requests: Off" });
    await expect(sound).toHaveAttribute("aria-pressed", "false");
    await sound.click();
    await expect(page.getByRole("button", { name: "Sound for urgent requests: On" })).toHaveAttribute("aria-pressed", "true");
    await page.reload();
    await expect(page.getByRole("button", { name: "Sound for urgent requests: On" })).toBeVisible();

    const minutes = page.getByLabel("Escalation time (minutes)");
    await minutes.fill("0");
    // The browser's own check is skipped, so the server's is what is tested.
    await page.locator("form:has(#escalation-minutes)").evaluate((form: HTMLFormElement) => form.setAttribute("novalidate", ""));
    await page.getByRole("button", { name: "Save Escalation Time" }).click();
    await expect(page.getByText("The escalation time must be a whole number of minutes from 1 to 1440.")).toBeVisible();
    await expect(minutes).toHaveAttribute("aria-invalid", "true");
    await minutes.fill("12");
    await page.getByRole("button", { name: "Save Escalation Time" }).click();
    await expect(page.getByRole("status")).toHaveText("Escalation time saved.");
    await expect(minutes).toHaveValue("12");
    await expectNoAxeViolations(page);
  } finally {
    await context.close();
  }
});

test("@desktop-only the service worker shows a pushed alert, and its \"I'm on it\" takes the request and opens it", async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext();
  const visitor = await browser.newContext();
  try {
    await context.grantPermissions(["notifications"], { origin: baseURL ?? "" });
    const page = await signedInPage(context);
    const requestId = await sendRequest(visitor, { problem: "Fire damage", firstName: "Pat", lastName: "Pushed", address: "4 Elm St, Ambler, PA" });
    await page.goto("/admin/alerts");
    // Registered by the admin's pages. Once it is active, a page loaded under `/admin/` is one it controls.
    await page.evaluate(async () => void (await navigator.serviceWorker.ready));
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });

    const cdp = await context.newCDPSession(page);
    const registration = new Promise<string>((resolve) => {
      cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
        const found = registrations.find((entry) => entry.scopeURL.endsWith("/admin/") && !entry.isDeleted);
        if (found) resolve(found.registrationId);
      });
    });
    await cdp.send("ServiceWorker.enable");
    const payload = {
      title: "URGENT: Fire damage",
      body: "Ambler · (215) 555-0101",
      url: `/admin/requests/${requestId}`,
      requestId,
      urgent: true,
    };
    await cdp.send("ServiceWorker.deliverPushMessage", { origin: new URL(baseURL ?? "").origin, registrationId: await registration, data: JSON.stringify(payload) });

    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((notification) => ({
          title: notification.title,
          body: notification.body,
          actions: (notification as Notification & { actions: { title: string }[] }).actions.map((action) => action.title),
        })),
      );
    await expect.poll(shown, { timeout: 10_000 }).toEqual([{ title: payload.title, body: payload.body, actions: ["I'm on it"] }]);

    // A tap on its "I'm on it" button (no browser here has a notification centre to tap in): the
    // worker's click handler runs on the notification it showed.
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));
    await worker.evaluate(async () => {
      const scope = self as unknown as { registration: ServiceWorkerRegistration; dispatchEvent(event: Event): boolean };
      const [notification] = await scope.registration.getNotifications();
      const NotificationEventConstructor = (self as unknown as { NotificationEvent: new (type: string, init: { notification: Notification; action: string }) => Event })
        .NotificationEvent;
      if (notification) scope.dispatchEvent(new NotificationEventConstructor("notificationclick", { notification, action: "acknowledge" }));
    });
    await expect(page).toHaveURL(new RegExp(`/admin/requests/${requestId}$`), { timeout: 10_000 });
    await expect(page.getByRole("heading", { name: "Pat Pushed" })).toBeVisible();
    await expect(page.getByText(`On it: ${admin.email}`)).toBeVisible();
    await expect.poll(shown).toEqual([]);
  } finally {
    await Promise.all([context.close(), visitor.close()]);
  }
});
