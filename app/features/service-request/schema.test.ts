import { describe, expect, it } from "vitest";
import { controlCharacterMessage } from "#app/utils/typed-text.ts";
import { freeTextFields } from "#tests/support/requests.ts";
import { fieldErrorsOf, isUrgent, requestLimits, stepOfField, triageFor } from "./catalogue.ts";
import { fileProblem, formatFileSize, isSafeFileName } from "./files.ts";
import { contactStep, problemStep, referralStep, serviceRequestSchema } from "./schema.ts";

const contact = { firstName: "Jane", lastName: "Doe", phone: "+1 (215) 555.0100", email: "jane@example.com", address: "" };
const messagesOf = (result: ReturnType<typeof contactStep.safeParse>) => (result.success ? {} : fieldErrorsOf(result.error));

describe("request form schema", () => {
  it("accepts a complete request, trimmed, with the email lower-cased", () => {
    const parsed = serviceRequestSchema.parse({
      problem: "Mold concern",
      problemDescription: " <p>Black spots</p> ",
      ...contact,
      email: " Jane@Example.COM ",
      referralSource: "",
      referralOther: "",
      additionalComments: "",
    });
    expect(parsed).toMatchObject({ problemDescription: "<p>Black spots</p>", email: "jane@example.com" });
  });

  it.each([
    [{ firstName: "" }, { firstName: "First name is required" }],
    [{ firstName: "a".repeat(51) }, { firstName: "First name is too long" }],
    [{ lastName: "" }, { lastName: "Last name is required" }],
    [{ lastName: "a".repeat(51) }, { lastName: "Last name is too long" }],
    [{ phone: "" }, { phone: "Phone number is required" }],
    [{ phone: "555-CALL-NOW" }, { phone: "Please enter a valid phone number" }],
    [{ phone: "--- ()" }, { phone: "Please enter a valid phone number" }],
    [{ email: "" }, { email: "Email address is required" }],
    [{ email: "jane.example.com" }, { email: "Please enter a valid email address" }],
    [{ email: "jane@example" }, { email: "Please enter a valid email address" }],
    [{ email: `${"a".repeat(89)}@example.com` }, { email: "Email address is too long" }],
  ])("contact step: %o → %o", (change, expected) => {
    expect(messagesOf(contactStep.safeParse({ ...contact, ...change }))).toEqual(expected);
  });

  it("accepts names and an email exactly at their limits", () => {
    expect(
      contactStep.safeParse({ ...contact, firstName: "a".repeat(50), lastName: "b".repeat(50), email: `${"a".repeat(88)}@example.com` })
        .success,
    ).toBe(true);
  });

  it("requires a known problem type", () => {
    expect(problemStep.safeParse({ problem: "" }).success).toBe(false);
    expect(problemStep.safeParse({ problem: "Storm damage" }).success).toBe(true);
  });

  it("takes only the listed referral sources, or none", () => {
    expect(referralStep.safeParse({ referralSource: "" }).success).toBe(true);
    expect(referralStep.safeParse({ referralSource: "Insurance company" }).success).toBe(true);
    expect(referralStep.safeParse({ referralSource: "TV" }).success).toBe(false);
  });

  it("knows which step shows each field", () => {
    expect(stepOfField("problem")).toBe(1);
    expect(stepOfField("email")).toBe(2);
    expect(stepOfField("photos")).toBe(3);
    expect(stepOfField("referralOther")).toBe(4);
    expect(stepOfField("additionalComments")).toBe(5);
  });
});

describe("what the visitor typed", () => {
  const request = { problem: "Sewage backup", ...contact, referralSource: "Other" };
  const parse = (fields: Record<string, string>) => serviceRequestSchema.safeParse({ ...request, ...fields });

  it.each([
    "Sewage is <2 inches deep, kids at home",
    "Gate code 1<3>5",
    `<b>Tom & "Jerry"</b> 'O'Brien`,
    "a < b but c > d",
    "unclosed <script",
  ])("keeps %j exactly, in every text field", (typed) => {
    const fields = Object.fromEntries(freeTextFields.map((field) => [field, typed]));
    expect(parse(fields)).toMatchObject({ success: true, data: fields });
  });

  it("trims outer space and turns CRLF and CR line ends into LF, and nothing else", () => {
    expect(parse({ additionalComments: " \r\n Gate\r\ncode\r1<3>5\n\n\tthen left \r\n" })).toMatchObject({
      success: true,
      data: { additionalComments: "Gate\ncode\n1<3>5\n\n\tthen left" },
    });
  });

  it("counts a line break once: a full text area sent with CRLF line ends is not too long", () => {
    const full = `${"x".repeat(99)}\n`.repeat(10).slice(0, -1) + "y";
    expect(full).toHaveLength(requestLimits.additionalComments);
    expect(parse({ additionalComments: full.replace(/\n/g, "\r\n") })).toMatchObject({ success: true, data: { additionalComments: full } });
    expect(parse({ additionalComments: `${full}z` }).success).toBe(false);
  });

  it("keeps control characters other than NUL, emoji, joiners and direction marks", () => {
    const typed = "Bell\u0007, escape \u001b[31m, \u200fright-to-left\u202e, 👩‍👩‍👧 \u{1f525}";
    expect(parse({ problemDescription: typed })).toMatchObject({ success: true, data: { problemDescription: typed } });
  });

  it.each([...freeTextFields, "phone", "email"])("refuses a NUL in %s with a message, never dropping it", (field) => {
    const result = parse({ [field]: "Gate code 1\u00003" });
    expect(result.success ? {} : fieldErrorsOf(result.error)).toEqual({ [field]: controlCharacterMessage });
  });

  it("says what to remove in plain words", () => {
    expect(controlCharacterMessage).toBe("Please remove the invisible control character from this field.");
  });

  it.each([
    "a<b@c.example>@d.com",
    "Jane <jane@example.com>",
    "a,b@example.com",
    `"a"@example.com`,
    "a;b@example.com",
    "a(b)@example.com",
    "a\u0001b@example.com",
  ])("refuses %j: a mail library would read another address in it", (email) => {
    const result = parse({ email });
    expect(result.success ? {} : fieldErrorsOf(result.error)).toEqual({ email: "Please enter a valid email address" });
  });
});

describe("file rules", () => {
  it.each(["photo.jpg", "IMG_2041.JPEG", "scan 1.pdf", "roof (2).png", "image.heic"])("accepts %s", (name) => {
    expect(fileProblem({ name, size: 1000 })).toBeNull();
  });

  it.each([
    ["../secret.jpg", "Invalid file name"],
    ["a/b.jpg", "Invalid file name"],
    ["what?.jpg", "Invalid file name"],
    ["a<b>.png", "Invalid file name"],
    ['quote".png', "Invalid file name"],
    ["pipe|.png", "Invalid file name"],
    ["star*.png", "Invalid file name"],
    ["c:drive.png", "Invalid file name"],
    [".hidden.jpg", "Invalid file name"],
    ["virus.exe", "Invalid file name"],
    ["run.bat", "Invalid file name"],
    ["run.cmd", "Invalid file name"],
    ["screen.scr", "Invalid file name"],
    ["macro.vbs", "Invalid file name"],
    ["script.js", "Invalid file name"],
    ["app.jar", "Invalid file name"],
    ["notes.txt", "Unsupported file type"],
    ["vector.svg", "Unsupported file type"],
    ["noextension", "Unsupported file type"],
  ])("refuses %s: %s", (name, reason) => {
    expect(fileProblem({ name, size: 10 })).toBe(`${name}: ${reason}`);
    if (reason === "Invalid file name") expect(isSafeFileName(name)).toBe(false);
  });

  it("refuses a file over 10 MB and accepts one at exactly 10 MB", () => {
    expect(fileProblem({ name: "big.jpg", size: 10 * 1024 * 1024 + 1 })).toBe("big.jpg: File too large (max 10MB)");
    expect(fileProblem({ name: "big.jpg", size: 10 * 1024 * 1024 })).toBeNull();
  });
});

describe("formatFileSize", () => {
  it.each([
    [0, "0 Bytes"],
    [1023, "1023 Bytes"],
    [1024, "1 KB"],
    [1536, "1.5 KB"],
    [1024 * 1024, "1 MB"],
    [2.345 * 1024 * 1024, "2.35 MB"],
  ])("%d → %s", (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});

describe("triage and insurance fields", () => {
  it("leaves the triage answers optional, and accepts only the offered answers", () => {
    expect(problemStep.parse({ problem: "Water damage" })).toMatchObject({ sourceStopped: "", standingWater: "" });
    expect(problemStep.parse({ problem: "Water damage", sourceStopped: "Not sure", standingWater: "Yes" })).toMatchObject({
      sourceStopped: "Not sure",
      standingWater: "Yes",
    });
    const refused = problemStep.safeParse({ problem: "Water damage", sourceStopped: "Maybe", standingWater: "Not sure" });
    expect(refused.success ? {} : fieldErrorsOf(refused.error)).toEqual({
      sourceStopped: "Please choose one of the options",
      standingWater: "Please choose one of the options",
    });
  });

  it("takes an insurer and a claim number of up to 100 characters, both optional", () => {
    expect(contactStep.parse(contact)).toMatchObject({ insuranceCompany: "", claimNumber: "" });
    expect(contactStep.safeParse({ ...contact, insuranceCompany: "i".repeat(100), claimNumber: "c".repeat(100) }).success).toBe(true);
    expect(messagesOf(contactStep.safeParse({ ...contact, insuranceCompany: "i".repeat(101), claimNumber: "c".repeat(101) }))).toEqual({
      insuranceCompany: "Insurance company is too long (max 100 characters)",
      claimNumber: "Claim number is too long (max 100 characters)",
    });
    expect(contactStep.parse({ ...contact, insuranceCompany: " <b>State Farm</b> " }).insuranceCompany).toBe("<b>State Farm</b>");
  });

  it("puts the triage questions on step 1 and the insurance fields on step 2", () => {
    expect([stepOfField("sourceStopped"), stepOfField("standingWater")]).toEqual([1, 1]);
    expect([stepOfField("insuranceCompany"), stepOfField("claimNumber")]).toEqual([2, 2]);
  });
});

describe("the urgency rule", () => {
  const answers = (problem: string, sourceStopped = "", standingWater = "") => ({ problem, sourceStopped, standingWater });

  it.each([
    [answers("Water damage", "No"), true],
    [answers("Water damage", "", "Yes"), true],
    [answers("Storm damage", "Yes", "Yes"), true],
    [answers("Fire damage"), true],
    [answers("Sewage backup", "Yes", "No"), true],
    [answers("Water damage", "Yes", "No"), false],
    [answers("Water damage", "Not sure", "No"), false],
    [answers("Water damage"), false],
    [answers("Mold concern"), false],
    [answers("General inquiry"), false],
  ])("%o is urgent: %s", (request, urgent) => {
    expect(isUrgent(request)).toBe(urgent);
  });

  it("ignores answers to questions a problem does not ask", () => {
    expect(isUrgent(answers("Mold concern", "No", "Yes"))).toBe(false);
    expect(triageFor(answers("Mold concern", "No", "Yes"))).toEqual(answers("Mold concern"));
    expect(triageFor(answers("Storm damage", "No", "Yes"))).toEqual(answers("Storm damage", "No", "Yes"));
  });
});
