import { describe, expect, it } from "vitest";
import { defaultCompany, type CompanySettings } from "#app/content/company.ts";
import { signWebhookBody } from "#server/webhook.ts";
import { officeNotification, requestReference, visitorConfirmation, webhookBody, type StoredRequestSummary } from "./notifications.server.ts";

const company: CompanySettings = {
  ...defaultCompany,
  name: "Keystone Restoration",
  phone: "(267) 555-0199",
  officeEmail: "dispatch@keystone.example",
  address: "42 Market Street, Doylestown, PA 18901",
};

const request: StoredRequestSummary = {
  id: "0b6f3c1e-4a7d-4a52-9c1e-2f0d8e6b7a11",
  // 14:05 UTC in January is 9:05 in Philadelphia (EST).
  createdAt: new Date("2025-01-31T14:05:00Z"),
  problem: "Water damage",
  problemDescription: "Pipe burst in the basement.\nWater is ankle deep.",
  firstName: "Jane",
  lastName: "Doe",
  phone: "(215) 555-0100",
  email: "jane.doe@example.com",
  address: "7 Elm Street, Philadelphia, PA 19103",
  referralSource: "Other",
  referralOther: "Saw your truck",
  additionalComments: "Please call after 5 pm.",
  sourceStopped: "Yes",
  standingWater: "No",
  insuranceCompany: "Keystone Mutual",
  claimNumber: "KM-2025-0042",
  urgent: false,
  photoCount: 3,
};

const emptyOptional: StoredRequestSummary = {
  ...request,
  problemDescription: "",
  address: "",
  referralSource: "",
  referralOther: "",
  additionalComments: "",
  sourceStopped: "",
  standingWater: "",
  insuranceCompany: "",
  claimNumber: "",
  photoCount: 0,
};

const recipients = ["dispatch@keystone.example"];

describe("officeNotification", () => {
  it("goes to every office recipient, answers to the visitor and names the problem and the person", () => {
    const message = officeNotification(request, company, "https://www.keystone.example", ["dispatch@keystone.example", "owner@keystone.example"]);
    expect(message.to).toBe("dispatch@keystone.example, owner@keystone.example");
    expect(message.replyTo).toBe("jane.doe@example.com");
    expect(message.subject).toBe("New service request: Water damage - Jane Doe");
  });

  it("lists every field, labelled, with the photo count, the received time and the admin link", () => {
    const { text } = officeNotification(request, company, "https://www.keystone.example", recipients);
    expect(text).toContain("Problem: Water damage\n");
    expect(text).toContain("Description: Pipe burst in the basement.\n  Water is ankle deep.\n");
    expect(text).toContain("First name: Jane\n");
    expect(text).toContain("Last name: Doe\n");
    expect(text).toContain("Phone: (215) 555-0100\n");
    expect(text).toContain("Email: jane.doe@example.com\n");
    expect(text).toContain("Address: 7 Elm Street, Philadelphia, PA 19103\n");
    expect(text).toContain("Heard about us from: Other\n");
    expect(text).toContain("Heard about us (other): Saw your truck\n");
    expect(text).toContain("Additional comments: Please call after 5 pm.\n");
    expect(text).toContain("Photos: 3\n");
    expect(text).toMatch(/Received: Friday, January 31, 2025 (at )?9:05\sAM EST\n/);
    expect(text).toContain("\nhttps://www.keystone.example/admin/requests/0b6f3c1e-4a7d-4a52-9c1e-2f0d8e6b7a11\n");
  });

  it("shows empty fields as a dash and a summer time as EDT", () => {
    const { text } = officeNotification(
      { ...emptyOptional, createdAt: new Date("2025-07-04T02:30:00Z") },
      company,
      "http://localhost:3000/",
      recipients,
    );
    for (const label of ["Description", "Address", "Heard about us from", "Heard about us (other)", "Additional comments"]) {
      expect(text).toContain(`${label}: -\n`);
    }
    expect(text).toContain("Photos: 0\n");
    expect(text).toMatch(/Received: Thursday, July 3, 2025 (at )?10:30\sPM EDT\n/);
    expect(text).toContain("http://localhost:3000/admin/requests/0b6f3c1e-4a7d-4a52-9c1e-2f0d8e6b7a11\n");
  });

  it("keeps line breaks typed into a name out of the subject", () => {
    const message = officeNotification({ ...request, firstName: "Jane\r\nBcc: x@example.com" }, company, "http://localhost:3000", recipients);
    expect(message.subject).toBe("New service request: Water damage - Jane Bcc: x@example.com Doe");
    expect(message.subject).not.toMatch(/[\r\n]/);
  });

  it("starts an urgent request's subject and text with URGENT, and lists the triage and insurance answers", () => {
    const message = officeNotification({ ...request, urgent: true, standingWater: "Yes" }, company, "https://www.keystone.example", recipients);
    expect(message.subject).toBe("URGENT New service request: Water damage - Jane Doe");
    expect(message.text).toMatch(/^URGENT: call back first\./);
    expect(message.text).toContain("Water source stopped: Yes\n");
    expect(message.text).toContain("Standing water: Yes\n");
    expect(message.text).toContain("Insurance company: Keystone Mutual\n");
    expect(message.text).toContain("Claim number: KM-2025-0042\n");
    expect(officeNotification(request, company, "https://www.keystone.example", recipients).subject).not.toMatch(/URGENT/);
  });
});

describe("webhookBody", () => {
  it("carries every answer, the urgency, the photo count and the admin link, never photo bytes", () => {
    const body = webhookBody({ ...request, urgent: true }, "https://www.keystone.example/");
    expect(body).toEqual({
      id: request.id,
      createdAt: "2025-01-31T14:05:00.000Z",
      urgent: true,
      problemType: "Water damage",
      problemDescription: request.problemDescription,
      firstName: "Jane",
      lastName: "Doe",
      phone: "(215) 555-0100",
      email: "jane.doe@example.com",
      address: "7 Elm Street, Philadelphia, PA 19103",
      additionalComments: "Please call after 5 pm.",
      sourceStopped: "Yes",
      standingWater: "No",
      insuranceCompany: "Keystone Mutual",
      claimNumber: "KM-2025-0042",
      referralSource: "Other",
      referralOther: "Saw your truck",
      photoCount: 3,
      source: "web",
      adminUrl: `https://www.keystone.example/admin/requests/${request.id}`,
    });
    expect(webhookBody({ ...request, source: "phone" }, "https://www.keystone.example/")).toMatchObject({ source: "phone" });
  });
});

describe("signWebhookBody", () => {
  it("is sha256= and the hex HMAC-SHA256 of the raw body with the secret", () => {
    // Checked with: printf '%s' '{"id":"1"}' | openssl dgst -sha256 -hmac 'a-long-enough-secret'
    expect(signWebhookBody('{"id":"1"}', "a-long-enough-secret")).toBe(
      "sha256=cf6552ca519413e2476823f2c114243c0f1afe350560f72e920348e988b69989",
    );
    expect(signWebhookBody('{"id":"1"}', "another-long-secret")).not.toBe(signWebhookBody('{"id":"1"}', "a-long-enough-secret"));
    expect(signWebhookBody('{"id":"2"}', "a-long-enough-secret")).not.toBe(signWebhookBody('{"id":"1"}', "a-long-enough-secret"));
  });
});

describe("visitorConfirmation", () => {
  it("goes to the visitor under the company's name", () => {
    const message = visitorConfirmation(request, company, 60);
    expect(message.to).toBe("jane.doe@example.com");
    expect(message.subject).toBe("We received your request - Keystone Restoration");
    expect(message.replyTo).toBe("dispatch@keystone.example");
  });

  it("promises a call back, gives the 24/7 number and a reference, and signs with the company", () => {
    const { text } = visitorConfirmation(request, company, 60);
    expect(text).toMatch(/^Hello,\n/);
    expect(text).toContain("We received your request about water damage, and one of our restoration specialists will review it");
    expect(text).toContain("A specialist will call you within 1 hour.\n");
    expect(visitorConfirmation(request, company, 45).text).toContain("A specialist will call you within 45 minutes.\n");
    expect(text).toMatch(/emergency, please call us now at \(267\) 555-0199\. We answer any time, day or night, 24\/7\./);
    expect(text).toContain(`Your request reference: ${requestReference(request.id)}\n`);
    expect(text).toContain("Photos received: 3 photos\n");
    expect(visitorConfirmation({ ...request, photoCount: 0 }, company, 60).text).toContain("Photos received: none\n");
    expect(text).toMatch(/\nKeystone Restoration\n\(267\) 555-0199\n42 Market Street, Doylestown, PA 18901\n$/);
    expect(text).not.toContain("/admin/");
  });

  it("carries nothing the visitor typed, whatever was typed, since it goes to any address typed", () => {
    const phishing = "Your account is locked: log in at https://evil.example now";
    const typed = {
      ...request,
      firstName: phishing,
      lastName: phishing,
      problemDescription: phishing,
      address: phishing,
      insuranceCompany: phishing,
      claimNumber: phishing,
      referralOther: phishing,
      additionalComments: phishing,
      phone: "(215) 555-0100",
    };
    const message = visitorConfirmation(typed, company, 60);
    expect(`${message.subject}\n${message.text}`).not.toContain("evil.example");
    expect(message.text).not.toContain("555-0100");
  });
});
