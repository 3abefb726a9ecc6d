import { eq } from "drizzle-orm";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import type { AppLoadContext } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { thumbnailKey } from "#app/features/inbox/inbox.server.ts";
import { submitServiceRequest } from "#app/features/service-request/submit.server.ts";
import { controlCharacterMessage } from "#app/utils/typed-text.ts";
import { notStaffMessage } from "#app/features/inbox/assignment.server.ts";
import { outboxMessages, requestNotes, requestStatusChanges, serviceRequestPhotos, serviceRequests, users } from "#server/db/schema.ts";
import { createFolderStorage } from "#server/storage.ts";
import { testContext } from "#tests/support/context.ts";
import { testBackends, type TestDatabase } from "#tests/support/databases.ts";
import { jpegBytes, pdfBytes } from "#tests/support/files.ts";
import { requestFormPost, storeRequest } from "#tests/support/requests.ts";
import { createAccount, createTestAuth, requestAs, signedInAccount } from "#tests/support/staff.ts";
import { action, loader } from "./request.tsx";

describe.each(testBackends)("a request's page, writing, on $name", (backend) => {
  let database: TestDatabase;
  let uploads: string;
  let context: AppLoadContext;
  let editor: { email: string; cookie: string };
  let admin: { email: string; cookie: string };

  beforeEach(async () => {
    database = await backend.open();
    uploads = mkdtempSync(path.join(tmpdir(), "request-route-test-"));
    const auth = createTestAuth(database.db);
    context = testContext(database.db, auth, { storage: createFolderStorage(uploads), clientId: "request-route" });
    editor = await signedInAccount(database.db, auth, "editor");
    admin = await signedInAccount(database.db, auth, "admin");
  });
  afterEach(async () => {
    await database.dispose();
    rmSync(uploads, { recursive: true, force: true });
  });

  /** Posts the form as the page's buttons do; a thrown redirect or `data()` is answered, not thrown. */
  const post = (cookie: string, id: string, form: Record<string, string>) => {
    const request = requestAs(cookie, `/admin/requests/${id}`, { method: "POST", body: new URLSearchParams(form) });
    return action({ request, context, params: { id }, url: new URL(request.url), pattern: "/admin/requests/:id" }).catch(
      (error: unknown) => error,
    );
  };
  const statusOf = async (id: string) =>
    (await database.db.select({ status: serviceRequests.status }).from(serviceRequests).where(eq(serviceRequests.id, id)))[0]?.status;

  it.each([
    ["status", { intent: "status", status: "spam" }],
    ["note", { intent: "note", body: "Called back." }],
    ["retry", { intent: "retry" }],
    ["delete", { intent: "delete", confirm: "yes" }],
  ])("answers 404 to %s on an id that is no request's, changing nothing", async (_intent, form) => {
    await storeRequest(database.db, context.storage);
    for (const id of ["not-a-uuid", "-".repeat(36), "00000000-0000-4000-8000-00000000000g"]) {
      const answer = await post(admin.cookie, id, form);
      expect(answer, id).toMatchObject({ init: { status: 404 } });
    }
    expect((await database.db.select({ status: serviceRequests.status }).from(serviceRequests)).map((row) => row.status)).toEqual(["new"]);
  });

  it("answers 404 to the page of an id that is no request's", async () => {
    const request = requestAs(editor.cookie, "/admin/requests/not-a-uuid");
    const answer = await loader({ request, context, params: { id: "not-a-uuid" }, url: new URL(request.url), pattern: "/admin/requests/:id" }).catch(
      (error: unknown) => error,
    );
    expect(answer).toMatchObject({ init: { status: 404 } });
  });

  it("marks a request as spam and back to new, recording who did each", async () => {
    const { id } = await storeRequest(database.db, context.storage);

    expect(await post(editor.cookie, id, { intent: "status", status: "spam" })).toEqual({ success: "Status set to Spam." });
    expect(await statusOf(id)).toBe("spam");
    expect(await post(admin.cookie, id, { intent: "status", status: "new" })).toMatchObject({ success: expect.stringMatching(/^Status set to New\./) });
    expect(await statusOf(id)).toBe("new");

    const history = await database.db
      .select({ from: requestStatusChanges.fromStatus, to: requestStatusChanges.toStatus, by: requestStatusChanges.changedByEmail })
      .from(requestStatusChanges)
      .where(eq(requestStatusChanges.requestId, id))
      .orderBy(requestStatusChanges.createdAt);
    expect(history).toEqual([
      { from: "new", to: "spam", by: editor.email },
      { from: "spam", to: "new", by: admin.email },
    ]);
  });

  it("assigns to me in one tap, to a colleague, and unassigns, all in the page's history; never to a pending account", async () => {
    const { id } = await storeRequest(database.db, context.storage);
    expect(await post(editor.cookie, id, { intent: "assign", assignee: "me" })).toEqual({ success: "Assigned to you." });
    const adminId = (await database.db.select({ id: users.id }).from(users).where(eq(users.email, admin.email)))[0]?.id ?? "";
    expect(await post(editor.cookie, id, { intent: "assign", assignee: adminId })).toEqual({ success: `Assigned to ${admin.email}.` });
    const pending = await createAccount(database.db, "waiting@example.com", "pending");
    expect(await post(editor.cookie, id, { intent: "assign", assignee: pending })).toMatchObject({ init: { status: 400 }, data: { error: notStaffMessage } });
    expect(await post(admin.cookie, id, { intent: "status", status: "contacted" })).toEqual({ success: "Status set to Contacted." });
    expect(await post(admin.cookie, id, { intent: "assign", assignee: "" })).toEqual({ success: "Unassigned." });

    const request = requestAs(editor.cookie, `/admin/requests/${id}`);
    const page = await loader({ request, context, params: { id }, url: new URL(request.url), pattern: "/admin/requests/:id" });
    expect(page.assignee).toBeNull();
    expect(page.history.map((entry) => entry.text)).toEqual([
      `Assigned to ${editor.email} by ${editor.email}`,
      `Assigned to ${admin.email} by ${editor.email}`,
      `New → Contacted, by ${admin.email}`,
      `Unassigned by ${admin.email}`,
    ]);
    expect(page.lead.source).toBe("Website");
  });

  describe("Not spam sends what the spam defence held back", () => {
    beforeEach(() => {
      context = { ...context, webhookEnabled: true };
    });
    const arrive = async (fields: Record<string, string>, now = new Date()) => {
      const { result } = await submitServiceRequest(requestFormPost(fields, now), { ...context, now: () => now });
      if (result.status !== "received") throw new Error(`not received: ${JSON.stringify(result)}`);
      return result.requestId;
    };
    const messagesOf = async (id: string) =>
      (await database.db.select().from(outboxMessages).where(eq(outboxMessages.requestId, id))).map((row) => row.label);
    const honeypot = { website: "https://spam.example" };

    it("a honeypot catch: the office email, the visitor's confirmation and the webhook, at once", async () => {
      const id = await arrive(honeypot);
      expect(await statusOf(id)).toBe("spam");
      expect(await messagesOf(id)).toEqual([]);

      expect(await post(editor.cookie, id, { intent: "status", status: "new" })).toEqual({
        success: "Status set to New. Sending now: Office email, Visitor email, Copy to your other software (webhook).",
      });
      expect((await messagesOf(id)).sort()).toEqual(["Copy to your other software (webhook)", "Office email", "Visitor email"]);
    });

    it("a suspected request: the office already knows, so the visitor's confirmation and the webhook", async () => {
      const id = await arrive({ formStart: "" });
      expect(await statusOf(id)).toBe("suspected");
      expect(await messagesOf(id)).toEqual(["Office email"]);

      expect(await post(editor.cookie, id, { intent: "status", status: "contacted" })).toEqual({
        success: "Status set to Contacted. Sending now: Visitor email, Copy to your other software (webhook).",
      });
      expect((await messagesOf(id)).sort()).toEqual(["Copy to your other software (webhook)", "Office email", "Visitor email"]);
    });

    it("a request over a day old: the office email and the webhook, but no late confirmation to the visitor", async () => {
      const id = await arrive(honeypot, new Date(Date.now() - 25 * 60 * 60 * 1000));
      expect(await post(editor.cookie, id, { intent: "status", status: "new" })).toEqual({
        success: "Status set to New. Sending now: Office email, Copy to your other software (webhook).",
      });
      expect((await messagesOf(id)).sort()).toEqual(["Copy to your other software (webhook)", "Office email"]);
    });

    it("nothing twice: a request marked spam by mistake and back, or suspected and then spam, sends nothing more", async () => {
      const id = await arrive({});
      expect((await messagesOf(id)).sort()).toEqual(["Copy to your other software (webhook)", "Office email", "Visitor email"]);
      await post(editor.cookie, id, { intent: "status", status: "spam" });
      expect(await post(editor.cookie, id, { intent: "status", status: "new" })).toEqual({ success: "Status set to New." });
      expect(await messagesOf(id)).toHaveLength(3);

      const suspected = await arrive({ formStart: "" });
      expect(await post(editor.cookie, suspected, { intent: "status", status: "spam" })).toEqual({ success: "Status set to Spam." });
      expect(await messagesOf(suspected)).toEqual(["Office email"]);
    });
  });

  const notesOf = async (id: string) =>
    (await database.db.select({ body: requestNotes.body }).from(requestNotes).where(eq(requestNotes.requestId, id))).map(
      (note) => note.body,
    );

  it("keeps a note as typed, with line ends as LF and outer space trimmed", async () => {
    const { id } = await storeRequest(database.db, context.storage);
    const typed = 'Sewage is <2 inches deep, kids at home.\r\nGate code 1<3>5 & "ring twice"\r\u202e 🔥';
    expect(await post(editor.cookie, id, { intent: "note", body: `  ${typed}\r\n` })).toEqual({ success: "Note added." });
    expect(await notesOf(id)).toEqual(['Sewage is <2 inches deep, kids at home.\nGate code 1<3>5 & "ring twice"\n\u202e 🔥']);
  });

  it("refuses a note holding a NUL with a message, and stores nothing", async () => {
    const { id } = await storeRequest(database.db, context.storage);
    expect(await post(editor.cookie, id, { intent: "note", body: "Called\u0000 back" })).toMatchObject({
      data: { error: controlCharacterMessage },
      init: { status: 400 },
    });
    expect(await notesOf(id)).toEqual([]);
  });

  const requestWithFiles = async () => {
    const stored = await storeRequest(database.db, context.storage, {
      photos: [
        { bytes: jpegBytes, contentType: "image/jpeg" },
        { bytes: pdfBytes, contentType: "application/pdf" },
      ],
    });
    // The thumbnail the inbox made when staff first looked at the photo.
    const [photo] = await database.db.select().from(serviceRequestPhotos).where(eq(serviceRequestPhotos.contentType, "image/jpeg"));
    const thumbnail = thumbnailKey(photo?.id ?? "");
    await context.storage.put(thumbnail, Readable.from(jpegBytes));
    return { id: stored.id, files: [...stored.photoKeys, thumbnail] };
  };
  const storedFiles = (keys: string[]) => Promise.all(keys.map((key) => context.storage.exists(key)));

  it("lets an admin delete a request with its files, for good", async () => {
    const { id, files } = await requestWithFiles();
    const kept = await storeRequest(database.db, context.storage, { photos: [{ bytes: jpegBytes, contentType: "image/jpeg" }] });

    const answer = await post(admin.cookie, id, { intent: "delete", confirm: "yes" });
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).headers.get("Location")).toBe("/admin/requests");
    expect(await statusOf(id)).toBeUndefined();
    expect(await database.db.select().from(serviceRequestPhotos).where(eq(serviceRequestPhotos.requestId, id))).toEqual([]);
    expect(await storedFiles(files)).toEqual([false, false, false]);

    expect(await statusOf(kept.id)).toBe("new");
    expect(await storedFiles(kept.photoKeys)).toEqual([true]);
  });

  it("refuses an editor's deletion with 403 and removes nothing", async () => {
    const { id, files } = await requestWithFiles();

    expect(await post(editor.cookie, id, { intent: "delete", confirm: "yes" })).toMatchObject({
      data: { error: "Only administrators can delete requests." },
      init: { status: 403 },
    });
    expect(await statusOf(id)).toBe("new");
    expect(await database.db.select().from(serviceRequestPhotos).where(eq(serviceRequestPhotos.requestId, id))).toHaveLength(2);
    expect(await storedFiles(files)).toEqual([true, true, true]);
  });
});
