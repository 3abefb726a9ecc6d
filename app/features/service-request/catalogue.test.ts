import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultCompany } from "#app/content/company.ts";
import { loader as requestPageLoader } from "#app/routes/admin/request.tsx";
import { loader as exportLoader } from "#app/routes/admin/requests-export.ts";
import { serviceRequests } from "#server/db/schema.ts";
import { createFolderStorage } from "#server/storage.ts";
import { testContext } from "#tests/support/context.ts";
import { testBackends, type TestDatabase } from "#tests/support/databases.ts";
import { createTestAuth, requestAs, signedInAccount } from "#tests/support/staff.ts";
import { fieldOrder, fieldsShownIn, requestFields, requestLimits, stepOfField, type RequestAnswers } from "./catalogue.ts";
import { officeNotification, visitorConfirmation, webhookBody, type StoredRequestSummary } from "./notifications.server.ts";

/** An answer for each field that no label, key or other answer contains: where it shows, it is this field's. */
const answers: RequestAnswers = {
  problem: "Water damage",
  problemDescription: "described-answer",
  sourceStopped: "No",
  standingWater: "Yes",
  firstName: "first-answer",
  lastName: "last-answer",
  phone: "215-555-0199",
  email: "mailbox-answer@example.com",
  address: "address-answer",
  insuranceCompany: "insurer-answer",
  claimNumber: "claim-answer",
  referralSource: "Other",
  referralOther: "other-answer",
  additionalComments: "comments-answer",
};

const summary: StoredRequestSummary = {
  ...answers,
  id: "0b9e4c61-3f4a-4d2e-9a57-2f0f3f7c1a10",
  createdAt: new Date("2026-11-20T14:05:00Z"),
  urgent: true,
  photoCount: 2,
};

describe("the catalogue of request fields", () => {
  it("gives every field one label, unique, and a step that asks it", () => {
    const labels = requestFields.map((entry) => entry.label);
    expect(new Set(labels).size).toBe(labels.length);
    expect(fieldOrder).toEqual([
      "problem",
      "problemDescription",
      "sourceStopped",
      "standingWater",
      "firstName",
      "lastName",
      "phone",
      "email",
      "address",
      "insuranceCompany",
      "claimNumber",
      "photos",
      "referralSource",
      "referralOther",
      "additionalComments",
    ]);
    expect(fieldOrder.map(stepOfField)).toEqual([1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 3, 4, 4, 5]);
  });

  it("keeps the spec's limits", () => {
    expect(requestLimits).toMatchObject({ firstName: 50, lastName: 50, phone: 20, email: 100, address: 200, problemDescription: 500, additionalComments: 1000 });
  });

  it("puts each field in the office email under its label, in the visitor's order", () => {
    const { text } = officeNotification(summary, defaultCompany, "https://example.com", ["office@example.com"]);
    const shown = fieldsShownIn("officeEmail");
    for (const entry of shown) expect(text, entry.name).toContain(`\n${entry.label}: ${answers[entry.name]}\n`);
    const positions = shown.map((entry) => text.indexOf(`\n${entry.label}: `));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(text).toContain("\nHeard about us from: Other\nHeard about us (other): other-answer\n");
    expect(text).toContain("\nClaim number: claim-answer\n\nPhotos: 2\n");
  });

  it("posts each field to the webhook under its key, the keys the receiving software already reads", () => {
    const body = webhookBody(summary, "https://example.com");
    for (const entry of requestFields) {
      if (entry.shown.webhook) expect(body[entry.shown.webhook], entry.name).toBe(answers[entry.name]);
    }
    expect(Object.keys(body).sort()).toEqual(
      [
        "id",
        "createdAt",
        "urgent",
        "problemType",
        "problemDescription",
        "firstName",
        "lastName",
        "phone",
        "email",
        "address",
        "additionalComments",
        "sourceStopped",
        "standingWater",
        "insuranceCompany",
        "claimNumber",
        "referralSource",
        "referralOther",
        "photoCount",
        "source",
        "adminUrl",
      ].sort(),
    );
  });

  it("tells the visitor nothing typed: only the fields marked for the confirmation, which are our own choices", () => {
    const { text, subject } = visitorConfirmation(summary, defaultCompany, 60);
    for (const entry of requestFields) {
      if ("inConfirmation" in entry) {
        expect(entry.rule.kind).toBe("choice");
        expect(text.toLowerCase()).toContain(answers[entry.name].toLowerCase());
      } else if (entry.rule.kind !== "choice") {
        expect(`${subject}\n${text}`, entry.name).not.toContain(answers[entry.name]);
      }
    }
  });
});

describe.each(testBackends)("the catalogue's fields in the CSV export and on the request page, on $name", (backend) => {
  let database: TestDatabase;
  let uploads: string;
  let context: AppLoadContext;
  let staffCookie: string;
  let id: string;

  beforeAll(async () => {
    database = await backend.open();
    uploads = mkdtempSync(path.join(tmpdir(), "catalogue-test-"));
    const auth = createTestAuth(database.db);
    context = testContext(database.db, auth, { storage: createFolderStorage(uploads), clientId: "catalogue" });
    staffCookie = (await signedInAccount(database.db, auth, "editor")).cookie;
    const [row] = await database.db
      .insert(serviceRequests)
      .values({ ...answers, urgent: true, clientHash: "catalogue", userAgent: "test" })
      .returning({ id: serviceRequests.id });
    id = row?.id ?? "";
  });
  afterAll(async () => {
    await database.dispose();
    rmSync(uploads, { recursive: true, force: true });
  });

  it("exports each field under its label, in the columns other software reads by place", async () => {
    const request = requestAs(staffCookie, "/admin/requests/export");
    const csv = await (await exportLoader({ request, context, params: {}, url: new URL(request.url), pattern: "/admin/requests/export" })).text();
    const [header = [], cells = []] = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n")
      .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map(([, cell = ""]) => cell.replace(/""/g, '"')));
    expect(header).toEqual([
      "Received",
      "Status",
      "Problem",
      "First name",
      "Last name",
      "Phone",
      "Email",
      "Address",
      "Photos",
      "Urgent",
      "Source",
      "Assigned to",
      "Water source stopped",
      "Standing water",
      "Insurance company",
      "Claim number",
      "Description",
      "Heard about us from",
      "Heard about us (other)",
      "Additional comments",
      "Link",
    ]);
    for (const entry of fieldsShownIn("csv")) expect(cells[header.indexOf(entry.label)], entry.name).toBe(answers[entry.name]);
  });

  it("shows each field on the request page under its label, in the visitor's order", async () => {
    const request = requestAs(staffCookie, `/admin/requests/${id}`);
    const page = await requestPageLoader({ request, context, params: { id }, url: new URL(request.url), pattern: "/admin/requests/:id" });
    expect(page.lead.fields).toEqual(fieldsShownIn("inbox").map((entry) => [entry.label, answers[entry.name]]));
    expect(page.lead.fields.slice(-3)).toEqual([
      ["Heard about us from", "Other"],
      ["Heard about us (other)", "other-answer"],
      ["Additional comments", "comments-answer"],
    ]);
  });
});
