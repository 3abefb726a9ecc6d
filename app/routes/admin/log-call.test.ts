import { eq } from "drizzle-orm";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AppLoadContext } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { leadFigures } from "#app/features/dashboard/figures.server.ts";
import { outboxMessages, serviceRequestPhotos, serviceRequests } from "#server/db/schema.ts";
import { createFolderStorage } from "#server/storage.ts";
import { testContext } from "#tests/support/context.ts";
import { testBackends, type TestDatabase } from "#tests/support/databases.ts";
import { exeBytes, jpegBytes } from "#tests/support/files.ts";
import { createTestAuth, requestAs, signedInAccount } from "#tests/support/staff.ts";
import { action, loader } from "./log-call.tsx";

const call = { problem: "Water damage", sourceStopped: "No", firstName: "Pat", lastName: "Rivera", phone: "215-555-0101", email: "pat@example.com", address: "12 Butler Pike, Ambler" };

describe.each(testBackends)("logging a phone call on $name", (backend) => {
  let database: TestDatabase;
  let uploads: string;
  let context: AppLoadContext;
  let editor: { email: string; cookie: string };

  beforeEach(async () => {
    database = await backend.open();
    uploads = mkdtempSync(path.join(tmpdir(), "log-call-test-"));
    const auth = createTestAuth(database.db);
    context = testContext(database.db, auth, { storage: createFolderStorage(uploads), clientId: "log-call" });
    editor = await signedInAccount(database.db, auth, "editor");
  });
  afterEach(async () => {
    await database.dispose();
    rmSync(uploads, { recursive: true, force: true });
  });

  /** The form as the page posts it (multipart); a thrown redirect or `data()` is answered, not thrown. */
  const post = (fields: Record<string, string>, photos: { bytes: Buffer; name: string }[] = []) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    for (const photo of photos) form.append("photos", new Blob([new Uint8Array(photo.bytes)]), photo.name);
    const request = requestAs(editor.cookie, "/admin/requests/log-call", { method: "POST", body: form });
    return action({ request, context, params: {}, url: new URL(request.url), pattern: "/admin/requests/log-call" }).catch((error: unknown) => error);
  };
  const messages = async () =>
    (await database.db.select().from(outboxMessages)).map((row) =>
      row.kind === "webhook" ? { label: "Webhook" } : { label: row.label, ...(row.payload as { subject: string; text: string }) },
    );

  it("shows the form to staff", async () => {
    const request = requestAs(editor.cookie, "/admin/requests/log-call");
    expect(await loader({ request, context, params: {}, url: new URL(request.url), pattern: "/admin/requests/log-call" })).toBeNull();
  });

  it("stores the call as a request from the phone, with its photo, tells the office and the webhook, and opens it", async () => {
    context = { ...context, webhookEnabled: true };
    const answer = await post({ ...call, website: "https://not-a-trap-for-staff.example" }, [{ bytes: jpegBytes, name: "kitchen.jpg" }]);
    expect(answer).toBeInstanceOf(Response);
    const [stored] = await database.db.select().from(serviceRequests);
    expect((answer as Response).headers.get("Location")).toBe(`/admin/requests/${stored?.id}`);
    expect(stored).toMatchObject({ ...call, status: "new", source: "phone", loggedByEmail: editor.email, urgent: true, spamReason: null, acknowledgedByEmail: editor.email });
    expect(stored?.acknowledgedAt).toBeInstanceOf(Date);
    expect(await database.db.select({ name: serviceRequestPhotos.originalName }).from(serviceRequestPhotos)).toEqual([{ name: "kitchen.jpg" }]);

    const sent = await messages();
    expect(sent.map((message) => message.label).sort()).toEqual(["Office email", "Webhook"]);
    const office = sent.find((message) => message.label === "Office email") as { subject: string; text: string };
    expect(office.subject).toBe("URGENT New service request (phone call): Water damage - Pat Rivera");
    expect(office.text).toContain(`${editor.email} logged a phone call as a new service request.`);
    const [webhook] = await database.db.select().from(outboxMessages).where(eq(outboxMessages.kind, "webhook"));
    expect(JSON.parse((webhook?.payload as { body: string }).body)).toMatchObject({ source: "phone", phone: "215-555-0101" });

    // The dashboard counts it.
    expect((await leadFigures(database.db)).last30Days).toMatchObject({ total: 1, phoneCalls: 1 });
  });

  it("needs no photo, no form stamp and no rate limit: staff may log many calls from one desk", async () => {
    for (let index = 0; index < 5; index++) expect(await post(call)).toBeInstanceOf(Response);
    expect(await database.db.select({ id: serviceRequests.id }).from(serviceRequests)).toHaveLength(5);
  });

  it("refuses what the public form refuses, in the same words, keeping what was typed and storing nothing", async () => {
    const answer = await post({ ...call, phone: "", email: "not-an-email", problemDescription: "x".repeat(501) }, [{ bytes: exeBytes, name: "virus.exe" }]);
    expect(answer).toMatchObject({
      init: { status: 400 },
      data: {
        status: "invalid",
        fieldErrors: {
          phone: "Phone number is required",
          email: "Please enter a valid email address",
          problemDescription: "Description is too long (max 500 characters)",
          photos: "virus.exe: Invalid file name",
        },
        values: expect.objectContaining({ firstName: "Pat", address: "12 Butler Pike, Ambler" }),
      },
    });
    expect(await database.db.select().from(serviceRequests)).toEqual([]);
    expect(await database.db.select().from(outboxMessages)).toEqual([]);
  });
});
