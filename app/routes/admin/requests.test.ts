import { eq, inArray } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AppLoadContext } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bulkMessages, maxBulkRequests } from "#app/features/inbox/bulk.ts";
import { filterMessages } from "#app/features/inbox/filters.ts";
import { submitServiceRequest } from "#app/features/service-request/submit.server.ts";
import { outboxMessages, requestAssignments, requestStatusChanges, serviceRequests, users } from "#server/db/schema.ts";
import { createFolderStorage } from "#server/storage.ts";
import { testContext } from "#tests/support/context.ts";
import { testBackends, type TestDatabase } from "#tests/support/databases.ts";
import { requestFormPost, storeRequest } from "#tests/support/requests.ts";
import { createAccount, createTestAuth, requestAs, signedInAccount } from "#tests/support/staff.ts";
import { action, loader } from "./requests.tsx";

describe.each(testBackends)("the inbox's list, its filters and its actions, on $name", (backend) => {
  let database: TestDatabase;
  let uploads: string;
  let context: AppLoadContext;
  let editor: { email: string; cookie: string; id: string };

  beforeEach(async () => {
    database = await backend.open();
    uploads = mkdtempSync(path.join(tmpdir(), "requests-route-test-"));
    const auth = createTestAuth(database.db);
    context = testContext(database.db, auth, { storage: createFolderStorage(uploads), clientId: "requests-route" });
    const signedIn = await signedInAccount(database.db, auth, "editor");
    const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, signedIn.email));
    editor = { ...signedIn, id: row?.id ?? "" };
  });
  afterEach(async () => {
    await database.dispose();
    rmSync(uploads, { recursive: true, force: true });
  });

  const args = (request: Request) => ({ request, context, params: {}, url: new URL(request.url), pattern: "/admin/requests" });
  const read = (query: string) => loader(args(requestAs(editor.cookie, `/admin/requests?${query}`)));
  /** Posts the list's form as the page does; a thrown `data()` is answered, not thrown. */
  const post = (fields: [string, string][]) =>
    action(args(requestAs(editor.cookie, "/admin/requests", { method: "POST", body: new URLSearchParams(fields) }))).catch((error: unknown) => error);
  const statuses = async (ids: string[]) =>
    (await database.db.select({ id: serviceRequests.id, status: serviceRequests.status }).from(serviceRequests).where(inArray(serviceRequests.id, ids)))
      .sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id))
      .map((row) => row.status);

  it("lists what the filters in the address bar select, and names a bad date without applying it", async () => {
    await storeRequest(database.db, context.storage, { firstName: "Mine", assigneeId: editor.id });
    await storeRequest(database.db, context.storage, { firstName: "Free" });
    const mine = await read("assignee=me");
    expect(mine.rows.map((row) => [row.firstName, row.assigneeEmail])).toEqual([["Mine", editor.email]]);
    expect(mine.staff.map((member) => member.email)).toEqual([editor.email]);
    const bad = await read("assignee=none&from=2026-99-01");
    expect(bad.problems).toEqual([filterMessages.badFrom]);
    expect(bad.rows.map((row) => row.firstName)).toEqual(["Free"]);
  });

  it("assigns one request to the viewer in one tap, in its history", async () => {
    const { id } = await storeRequest(database.db, context.storage);
    expect(await post([["assignToMe", id]])).toEqual({ success: "Request assigned to you." });
    const [row] = await database.db.select().from(requestAssignments).where(eq(requestAssignments.requestId, id));
    expect(row).toMatchObject({ assigneeId: editor.id, assigneeEmail: editor.email, changedByEmail: editor.email });
    expect(await post([["assignToMe", "not-a-uuid"]])).toMatchObject({ init: { status: 400 } });
    expect(await post([["assignToMe", randomUUID()]])).toMatchObject({ init: { status: 404 } });
  });

  it("sets the status of the selected requests in one go, with a history entry each, and says what it did", async () => {
    const [a, b, c, untouched] = await Promise.all([0, 1, 2, 3].map(() => storeRequest(database.db, context.storage)));
    if (!a || !b || !c || !untouched) throw new Error("not stored");
    await database.db.update(serviceRequests).set({ status: "contacted" }).where(eq(serviceRequests.id, c.id));
    const answer = await post([
      ["ids", a.id],
      ["ids", b.id],
      ["ids", c.id],
      ["bulkAction", "status:contacted"],
    ]);
    expect(answer).toEqual({ success: "2 requests marked Contacted. 1 request left as it was." });
    expect(await statuses([a.id, b.id, c.id, untouched.id])).toEqual(["contacted", "contacted", "contacted", "new"]);
    const history = await database.db.select().from(requestStatusChanges);
    expect(history.map((row) => [row.requestId, row.fromStatus, row.toStatus, row.changedByEmail]).sort()).toEqual(
      [
        [a.id, "new", "contacted", editor.email],
        [b.id, "new", "contacted", editor.email],
      ].sort(),
    );
  });

  it("takes every request the page listed when 'all on this page' is ticked", async () => {
    const stored = await Promise.all([0, 1, 2].map(() => storeRequest(database.db, context.storage)));
    const ids = stored.map((request) => request.id);
    const answer = await post([["all", "page"], ...ids.map((id): [string, string] => ["pageIds", id]), ["bulkAction", "status:closed"]]);
    expect(answer).toEqual({ success: "3 requests marked Closed." });
    expect(await statuses(ids)).toEqual(["closed", "closed", "closed"]);
  });

  it("assigns and unassigns the selected requests, to approved staff only", async () => {
    const colleague = await createAccount(database.db, "colleague@example.com", "editor");
    const waiting = await createAccount(database.db, "waiting@example.com", "pending");
    const ids = (await Promise.all([0, 1].map(() => storeRequest(database.db, context.storage)))).map((request) => request.id);
    const selected = ids.map((id): [string, string] => ["ids", id]);
    expect(await post([...selected, ["bulkAction", `assign:${colleague}`]])).toEqual({ success: "2 requests assigned to colleague@example.com." });
    expect(await post([...selected, ["bulkAction", "assign:me"]])).toEqual({ success: `2 requests assigned to ${editor.email}.` });
    expect(await post([...selected, ["bulkAction", `assign:${waiting}`]])).toMatchObject({ init: { status: 400 } });
    expect(await post([...selected, ["bulkAction", "assign:none"]])).toEqual({ success: "2 requests unassigned." });
    const history = await database.db.select().from(requestAssignments);
    expect(history).toHaveLength(6);
    expect(new Set((await database.db.select({ assigneeId: serviceRequests.assigneeId }).from(serviceRequests)).map((row) => row.assigneeId))).toEqual(
      new Set([null]),
    );
  });

  it("marks spam, and 'Not spam' sends what the spam defence held, exactly as the request's own page does", async () => {
    context = { ...context, webhookEnabled: true };
    const arrive = async (fields: Record<string, string>) => {
      const { result } = await submitServiceRequest(requestFormPost(fields), context);
      if (result.status !== "received") throw new Error("not received");
      return result.requestId;
    };
    const suspected = await arrive({ formStart: "" });
    const caught = await arrive({ website: "https://spam.example" });
    const real = await arrive({});
    const messagesOf = async (id: string) =>
      (await database.db.select().from(outboxMessages).where(eq(outboxMessages.requestId, id)))
        .map((row) => (row.kind === "webhook" ? "Webhook" : row.label))
        .sort();
    expect(await messagesOf(suspected)).toEqual(["Office email"]);

    const all = [suspected, caught, real].map((id): [string, string] => ["ids", id]);
    expect(await post([...all, ["bulkAction", "not-spam"]])).toEqual({
      success: "2 requests marked not spam. 1 request left as it was. Sending now: 5 held messages.",
    });
    expect(await statuses([suspected, caught, real])).toEqual(["new", "new", "new"]);
    expect(await messagesOf(suspected)).toEqual(["Office email", "Visitor email", "Webhook"]);
    expect(await messagesOf(caught)).toEqual(["Office email", "Visitor email", "Webhook"]);

    expect(await post([...all, ["bulkAction", "spam"]])).toEqual({ success: "3 requests marked spam." });
    expect(await statuses([suspected, caught, real])).toEqual(["spam", "spam", "spam"]);
    // Back again: nothing is sent twice.
    expect(await post([...all, ["bulkAction", "not-spam"]])).toEqual({ success: "3 requests marked not spam." });
    for (const id of [suspected, caught, real]) expect(await messagesOf(id)).toEqual(["Office email", "Visitor email", "Webhook"]);
  });

  it.each([
    ["nothing selected", [["bulkAction", "status:closed"]], bulkMessages.noneSelected],
    ["no action chosen", [["ids", "X"]], bulkMessages.noAction],
    ["an unknown action", [["ids", "X"], ["bulkAction", "status:spam"]], bulkMessages.noAction],
    ["an id that is none", [["ids", "not-a-uuid"], ["bulkAction", "status:closed"]], bulkMessages.badSelection],
    ["too many", Array.from({ length: maxBulkRequests + 1 }, () => ["ids", randomUUID()]).concat([["bulkAction", "status:closed"]]), bulkMessages.tooMany],
  ])("refuses %s with a message and changes nothing", async (_case, fields, message) => {
    const { id } = await storeRequest(database.db, context.storage);
    const form = (fields as [string, string][]).map(([name, value]): [string, string] => [name, value === "X" ? id : value]);
    expect(await post(form)).toMatchObject({ data: { error: message }, init: { status: 400 } });
    expect(await statuses([id])).toEqual(["new"]);
    expect(await database.db.select().from(requestStatusChanges)).toEqual([]);
  });
});
