import { describe, expect, it } from "vitest";
import { defaultCompany, type CompanySettings } from "#app/content/company.ts";
import { officeNotification, visitorConfirmation, type StoredRequestSummary } from "./notifications.server.ts";

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
  photoCount: 3,
};

const emptyOptional: StoredRequestSummary = {
  ...request,
  problemDescription: "",
  address: "",
  referralSource: "",
  referralOther: "",
  additionalComments: "",
  photoCount: 0,
};

describe("officeNotification", () => {
  it("goes to the office, answers to the visitor and names the problem and the person", () => {
    const message = officeNotification(request, company, "https://www.keystone.example");
    expect(message.to).toBe("dispatch@keystone.example");
    expect(message.replyTo).toBe("jane.doe@example.com");
    expect(message.subject).toBe("New service request: Water damage - Jane Doe");
  });

  it("lists every field, labelled, with the photo count, the received time and the admin link", () => {
    const { text } = officeNotification(request, company, "https://www.keystone.example");
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
    );
    for (const label of ["Description", "Address", "Heard about us from", "Heard about us (other)", "Additional comments"]) {
      expect(text).toContain(`${label}: -\n`);
    }
    expect(text).toContain("Photos: 0\n");
    expect(text).toMatch(/Received: Thursday, July 3, 2025 (at )?10:30\sPM EDT\n/);
    expect(text).toContain("http://localhost:3000/admin/requests/0b6f3c1e-4a7d-4a52-9c1e-2f0d8e6b7a11\n");
  });

  it("keeps line breaks typed into a name out of the subject", () => {
    const message = officeNotification({ ...request, firstName: "Jane\r\nBcc: x@example.com" }, company, "http://localhost:3000");
    expect(message.subject).toBe("New service request: Water damage - Jane Bcc: x@example.com Doe");
    expect(message.subject).not.toMatch(/[\r\n]/);
  });
});

describe("visitorConfirmation", () => {
  it("goes to the visitor under the company's name", () => {
    const message = visitorConfirmation(request, company);
    expect(message.to).toBe("jane.doe@example.com");
    expect(message.subject).toBe("We received your request - Keystone Restoration");
    expect(message.replyTo).toBe("dispatch@keystone.example");
  });

  it("promises a call back, gives the 24/7 number, sums up the request and signs with the company", () => {
    const { text } = visitorConfirmation(request, company);
    expect(text).toMatch(/^Hello Jane,\n/);
    expect(text).toContain("specialists will review it and reach out to you shortly");
    expect(text).toMatch(/emergency, please call us now at \(267\) 555-0199\. We answer any time, day or night, 24\/7\./);
    expect(text).toContain("Problem: Water damage\n");
    expect(text).toContain("Description: Pipe burst in the basement.\n  Water is ankle deep.\n");
    expect(text).toContain("Name: Jane Doe\n");
    expect(text).toContain("Phone: (215) 555-0100\n");
    expect(text).toContain("Email: jane.doe@example.com\n");
    expect(text).toContain("Address: 7 Elm Street, Philadelphia, PA 19103\n");
    expect(text).toContain("Photos: 3 photos\n");
    expect(text).toMatch(/\nKeystone Restoration\n\(267\) 555-0199\n42 Market Street, Doylestown, PA 18901\n$/);
    // Staff-only details stay out of the visitor's copy.
    expect(text).not.toContain("/admin/");
    expect(text).not.toContain("Saw your truck");
  });

  it("says so when nothing optional was sent", () => {
    const { text } = visitorConfirmation(emptyOptional, company);
    expect(text).toContain("Description: -\n");
    expect(text).toContain("Address: -\n");
    expect(text).toContain("Photos: none\n");
    expect(visitorConfirmation({ ...request, photoCount: 1 }, company).text).toContain("Photos: 1 photo\n");
  });
});
