import path from "node:path";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminSections } from "#app/features/admin/sections.ts";
import routes from "#app/routes.ts";
import { seedDefaults } from "#server/db/seed.ts";
import { testContext } from "#tests/support/context.ts";
import { testBackends, type TestDatabase } from "#tests/support/databases.ts";
import { createTestAuth, requestAs, signedInAccount } from "#tests/support/staff.ts";

type RouteEntry = { path?: string; file: string; index?: boolean; children?: RouteEntry[] };
type RouteModule = { loader?: (args: unknown) => Promise<unknown>; action?: (args: unknown) => Promise<unknown> };

/** Every route of the table under /admin, with its full path: a new one is covered the day it is added. */
function adminRoutes(entries: RouteEntry[], parent = ""): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const full = [parent, entry.path ?? ""].filter(Boolean).join("/");
    const own = full === "admin" || full.startsWith("admin/") ? [{ path: `/${full}`, file: entry.file }] : [];
    return [...own, ...adminRoutes(entry.children ?? [], full)];
  });
}

const table = adminRoutes(routes as RouteEntry[]);

async function outcome(work: () => Promise<unknown>): Promise<{ status: number; location?: string | null; data?: unknown }> {
  try {
    const value = await work();
    return { status: 200, data: value };
  } catch (error) {
    if (error instanceof Response) return { status: error.status, location: error.headers.get("Location") };
    if (typeof error === "object" && error !== null && "init" in error && "data" in error) {
      return { status: (error as { init: { status: number } }).init.status, data: error.data };
    }
    throw error;
  }
}

/** The dashboard's sections for administrators only, with their routes' files. */
const adminOnly = adminSections
  .filter((section) => section.access === "admin")
  .map((section) => ({ path: section.path, file: table.find((route) => route.path === section.path)?.file ?? "" }));

describe.each(testBackends)("every admin route and action on $name", (backend) => {
  let database: TestDatabase;
  let context: AppLoadContext;
  let pendingCookie: string;
  let editorCookie: string;

  beforeAll(async () => {
    database = await backend.open();
    await seedDefaults(database.db);
    const auth = createTestAuth(database.db);
    context = testContext(database.db, auth, {
      storage: {
        put: () => Promise.reject(new Error("no storage here")),
        delete: () => Promise.resolve(),
      } as unknown as AppLoadContext["storage"],
      clientId: "matrix",
    });
    pendingCookie = (await signedInAccount(database.db, auth, "pending")).cookie;
    editorCookie = (await signedInAccount(database.db, auth, "editor")).cookie;
  });
  afterAll(() => database.dispose());

  it("finds the admin routes in the route table", () => {
    expect(table.map((route) => route.path)).toEqual(
      expect.arrayContaining([
        "/admin",
        "/admin/users",
        "/admin/hero",
        "/admin/trust-badges",
        "/admin/settings",
        "/admin/mission",
        "/admin/services",
        "/admin/audit",
        "/admin/requests",
        "/admin/requests/log-call",
      ]),
    );
  });

  it.each(table)("$path refuses visitors and pending accounts, for reading and for writing", async ({ path: routePath, file }) => {
    const module = (await import(path.resolve("app", file))) as RouteModule;
    const { loader, action } = module;
    if (!loader) throw new Error(`${file} must have a loader that calls requireAccess`);
    for (const [who, cookie] of [
      ["visitor", null],
      ["pending account", pendingCookie],
    ] as const) {
      const expected =
        who === "visitor" ? { status: 302, location: "/auth" } : { status: 403, data: expect.objectContaining({ refusal: "pending" }) };
      const read = await outcome(() => loader({ request: requestAs(cookie, routePath), context, params: {} }));
      expect(read, `${who} reading ${routePath}`).toMatchObject(expected);
      if (action) {
        const body = new URLSearchParams({ userId: "x", role: "admin" });
        const write = await outcome(() => action({ request: requestAs(cookie, routePath, { method: "POST", body }), context, params: {} }));
        expect(write, `${who} writing ${routePath}`).toMatchObject(expected);
      }
    }
  });

  it.each(adminOnly)("$path refuses editors, for reading and for writing", async ({ path: routePath, file }) => {
    const { loader, action } = (await import(path.resolve("app", file))) as RouteModule;
    if (!loader) throw new Error(`${file} must have a loader`);
    const expected = { status: 403, data: expect.objectContaining({ refusal: "admin-only" }) };
    expect(await outcome(() => loader({ request: requestAs(editorCookie, routePath), context, params: {} }))).toMatchObject(expected);
    if (action) {
      const request = requestAs(editorCookie, routePath, { method: "POST", body: new URLSearchParams({ userId: "x", role: "admin" }) });
      expect(await outcome(() => action({ request, context, params: {} }))).toMatchObject(expected);
    }
  });
});
