import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEscalationMinutes } from "#app/features/alerts/escalation.server.ts";
import { outboxMessages, pushSubscriptions, serviceRequests } from "#server/db/schema.ts";
import { seedDefaults } from "#server/db/seed.ts";
import { testContext } from "#tests/support/context.ts";
import { testBackends, type TestDatabase } from "#tests/support/databases.ts";
import { testDevice } from "#tests/support/push-receiver.ts";
import { storeRequest } from "#tests/support/requests.ts";
import { createAccount, createTestAuth, requestAs, signedInCookie, testPublicUrl, uniqueEmail } from "#tests/support/staff.ts";
import { action as alertsAction } from "./alerts.tsx";
import { action as subscriptionsAction } from "./push-subscriptions.ts";
import { action as acknowledgeAction } from "./request-acknowledge.ts";
import { action as requestAction } from "./request.tsx";

type Answer = { status: number; body: unknown };

/** What an action answered, as its HTTP status and body (thrown or returned, plain or `data()`). */
async function answer(work: () => Promise<unknown>): Promise<Answer> {
  try {
    const value = await work();
    if (typeof value === "object" && value !== null && "init" in value && "data" in value) {
      return { status: (value as { init: { status?: number } | null }).init?.status ?? 200, body: value.data };
    }
    return { status: 200, body: value };
  } catch (error) {
    if (typeof error === "object" && error !== null && "init" in error && "data" in error) {
      return { status: (error as { init: { status: number } }).init.status, body: error.data };
    }
    throw error;
  }
}

const json = (body: unknown, method = "POST"): RequestInit => ({ method, body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });

describe.each(testBackends)("alerts, devices and \"I'm on it\" on $name", (backend) => {
  let database: TestDatabase;
  let context: AppLoadContext;
  const staff = { editor: { id: "", cookie: "", email: "" }, admin: { id: "", cookie: "", email: "" } };

  beforeAll(async () => {
    database = await backend.open();
    await seedDefaults(database.db);
    const auth = createTestAuth(database.db);
    context = testContext(database.db, auth, { storage: {} as AppLoadContext["storage"], clientId: "alerts" });
    for (const role of ["editor", "admin"] as const) {
      const email = uniqueEmail(role);
      staff[role] = { id: await createAccount(database.db, email, role), cookie: await signedInCookie(auth, email), email };
    }
  });
  afterAll(() => database.dispose());

  it("saves a device's subscription for its owner, https only on an https site, and removes it with DELETE", async () => {
    const device = testDevice("https://push.example.net/send/abc");
    const post = (body: unknown, cookie = staff.editor.cookie) =>
      answer(() => subscriptionsAction({ request: requestAs(cookie, "/admin/push-subscriptions", json(body)), context, params: {} } as never));

    expect(await post({ ...device.subscription, endpoint: "http://push.example.net/send/abc" })).toMatchObject({
      status: 400,
      body: { error: "The endpoint must be an https address." },
    });
    expect(await post({ endpoint: device.subscription.endpoint, keys: { p256dh: "short", auth: device.subscription.keys.auth } })).toMatchObject({ status: 400 });
    expect(await post("not json")).toMatchObject({ status: 400 });
    expect(await post(device.subscription)).toEqual({ status: 201, body: { saved: true } });
    expect(await database.db.select({ userId: pushSubscriptions.userId }).from(pushSubscriptions)).toEqual([{ userId: staff.editor.id }]);

    const remove = (cookie: string) =>
      answer(() =>
        subscriptionsAction({ request: requestAs(cookie, "/admin/push-subscriptions", json({ endpoint: device.subscription.endpoint }, "DELETE")), context, params: {} } as never),
      );
    expect(await remove(staff.admin.cookie)).toEqual({ status: 200, body: { removed: false } });
    expect(await remove(staff.editor.cookie)).toEqual({ status: 200, body: { removed: true } });
    expect(await database.db.select().from(pushSubscriptions)).toEqual([]);
    expect(testPublicUrl.startsWith("https://")).toBe(true);
  });

  it("lets only administrators change the escalation time, to a whole number of minutes from 1", async () => {
    const save = (cookie: string, minutes: string) =>
      answer(() =>
        alertsAction({
          request: requestAs(cookie, "/admin/alerts", { method: "POST", body: new URLSearchParams({ intent: "escalation", escalationMinutes: minutes }) }),
          context,
          params: {},
        } as never),
      );
    expect(await save(staff.editor.cookie, "5")).toMatchObject({ status: 403, body: { error: "Only administrators can change the escalation time." } });
    for (const bad of ["0", "2.5", "abc", "1441"]) {
      expect(await save(staff.admin.cookie, bad)).toMatchObject({
        status: 400,
        body: { error: "The escalation time must be a whole number of minutes from 1 to 1440." },
      });
    }
    expect(await loadEscalationMinutes(database.db)).toBe(10);
    expect(await save(staff.admin.cookie, "3")).toEqual({ status: 200, body: { success: "Escalation time saved." } });
    expect(await loadEscalationMinutes(database.db)).toBe(3);
  });

  it("records who said \"I'm on it\" first, from the request page or a notification, in the history", async () => {
    const { id } = await storeRequest(database.db, {} as AppLoadContext["storage"], { urgent: true });
    const fromPage = await answer(() =>
      requestAction({
        request: requestAs(staff.editor.cookie, `/admin/requests/${id}`, { method: "POST", body: new URLSearchParams({ intent: "acknowledge" }) }),
        context,
        params: { id },
      } as never),
    );
    expect(fromPage).toEqual({ status: 200, body: { success: "You're on it: the other staff can see it now." } });
    const fromNotification = await answer(() =>
      acknowledgeAction({ request: requestAs(staff.admin.cookie, `/admin/requests/${id}/acknowledge`, { method: "POST" }), context, params: { id } } as never),
    );
    expect(fromNotification).toMatchObject({ status: 409, body: { error: expect.stringContaining(`${staff.editor.email} is already on it`) } });
    const [row] = await database.db.select().from(serviceRequests).where(eq(serviceRequests.id, id));
    expect(row).toMatchObject({ acknowledgedById: staff.editor.id, acknowledgedByEmail: staff.editor.email });
    expect(
      await answer(() =>
        acknowledgeAction({
          request: requestAs(staff.admin.cookie, "/admin/requests/00000000-0000-4000-8000-000000000000/acknowledge", { method: "POST" }),
          context,
          params: { id: "00000000-0000-4000-8000-000000000000" },
        } as never),
      ),
    ).toMatchObject({ status: 404 });
  });

  it("alerts staff devices when a request held as spam is released with \"Not spam\"", async () => {
    const device = testDevice("https://push.example.net/send/release");
    await answer(() => subscriptionsAction({ request: requestAs(staff.admin.cookie, "/admin/push-subscriptions", json(device.subscription)), context, params: {} } as never));
    const { id } = await storeRequest(database.db, {} as AppLoadContext["storage"], { status: "spam", address: "3 Oak Ln, Ambler, PA" });
    const release = await answer(() =>
      requestAction({
        request: requestAs(staff.admin.cookie, `/admin/requests/${id}`, { method: "POST", body: new URLSearchParams({ intent: "status", status: "new" }) }),
        context,
        params: { id },
      } as never),
    );
    expect(release.status).toBe(200);
    const pushes = await database.db.select().from(outboxMessages).where(eq(outboxMessages.requestId, id));
    const push = pushes.find((row) => row.kind === "push")?.payload as { body: string };
    expect(JSON.parse(push.body)).toEqual({
      title: "New request: Water damage",
      body: "Ambler · (215) 555-0100",
      url: `/admin/requests/${id}`,
      requestId: id,
      urgent: false,
    });
  });
});
