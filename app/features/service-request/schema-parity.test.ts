import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { controlCharacterMessage } from "#app/utils/typed-text-rules.ts";
import { browserRequestSchema, browserStepSchemas } from "./browser-schema.ts";
import { fieldErrorsOf, fieldsOfStep, requestFields, stepTitles } from "./catalogue.ts";
import { commentsStep, contactStep, problemStep, referralStep, serviceRequestSchema } from "./schema.ts";

/**
 * The dialog checks with zod/mini, the server with full zod: what one accepts the other must
 * accept, what one refuses the other must refuse with the same message, or a visitor is told one
 * thing in the browser and another by the server.
 */

type Verdict = { success: true; data: unknown } | { success: false; errors: Record<string, string | undefined> };

const serverVerdict = (input: unknown): Verdict => {
  const result = serviceRequestSchema.safeParse(input);
  return result.success ? { success: true, data: result.data } : { success: false, errors: fieldErrorsOf(result.error) };
};
const browserVerdict = (input: unknown): Verdict => {
  const result = browserRequestSchema.safeParse(input);
  return result.success ? { success: true, data: result.data } : { success: false, errors: fieldErrorsOf(result.error) };
};

const valid: Record<string, string> = {
  problem: "Water damage",
  problemDescription: "Pipe burst under the sink",
  sourceStopped: "No",
  standingWater: "Yes",
  firstName: "Jane",
  lastName: "Doe",
  phone: "+1 (215) 555.0100",
  email: "Jane@Example.com",
  address: "12 Main St",
  insuranceCompany: "Keystone Mutual",
  claimNumber: "KM-1",
  referralSource: "Other",
  referralOther: "Saw your truck",
  additionalComments: "Gate code 1<3>5",
};

const limited = requestFields.flatMap((field) => ("max" in field.rule ? [{ name: field.name, max: field.rule.max }] : []));
const required = requestFields.filter((field) => "required" in field.rule).map((field) => field.name);

/** Each case: a name and the fields changed from the valid request. */
const cases: [string, Record<string, string | undefined>][] = [
  ["the valid request", {}],
  ["nothing at all", Object.fromEntries(requestFields.map((field) => [field.name, undefined]))],
  ["outer space and CRLF line ends", { additionalComments: " \r\n Gate\r\ncode \r\n", firstName: "\tJane " }],
  ...limited.flatMap(({ name, max }): [string, Record<string, string>][] => {
    // An address or a phone number at its limit must still be one.
    const at = name === "email" ? `${"a".repeat(max - "@example.com".length)}@example.com` : name === "phone" ? "5".repeat(max) : "x".repeat(max);
    return [
      [`${name} at its limit (${max})`, { [name]: at }],
      [`${name} one over its limit`, { [name]: `${at}5` }],
      [`${name} at its limit once trimmed`, { [name]: ` ${at}\n` }],
    ];
  }),
  ...required.map((name): [string, Record<string, string>] => [`${name} empty`, { [name]: "" }]),
  ...required.map((name): [string, Record<string, string>] => [`${name} only spaces`, { [name]: "   " }]),
  ...requestFields.map((field): [string, Record<string, string>] => [`a NUL in ${field.name}`, { [field.name]: "a\u0000b" }]),
  ["a phone number in letters", { phone: "555-CALL-NOW" }],
  ["a phone number with too few digits", { phone: "--- ()" }],
  ["a phone number of 6 digits", { phone: "555-012" }],
  ["an email without an at-sign", { email: "jane.example.com" }],
  ["an email without a dot after the at-sign", { email: "jane@example" }],
  ["an email hiding another address", { email: "a<b@c.example>@d.com" }],
  ["an email with a space", { email: "jane doe@example.com" }],
  ["a problem not offered", { problem: "Earthquake" }],
  ["a triage answer not offered", { sourceStopped: "Maybe" }],
  ["a referral source not offered", { referralSource: "Billboard" }],
  ["empty optional choices", { sourceStopped: "", standingWater: "", referralSource: "" }],
];

describe("the browser's schema and the server's", () => {
  it.each(cases)("give the same verdict and messages: %s", (_, change) => {
    const input = { ...valid, ...change };
    const server = serverVerdict(input);
    expect(browserVerdict(input)).toEqual(server);
    // The cases reach both outcomes: a case that cannot fail proves nothing about the messages.
    if (_ === "the valid request") expect(server.success).toBe(true);
  });

  it("refuse with the catalogue's messages, in the spec's words", () => {
    expect(browserVerdict({ ...valid, firstName: "", phone: "555-CALL-NOW", email: "jane@example", problem: "" })).toEqual({
      success: false,
      errors: {
        problem: "Please select the type of problem",
        firstName: "First name is required",
        phone: "Please enter a valid phone number",
        email: "Please enter a valid email address",
      },
    });
    expect(browserVerdict({ ...valid, additionalComments: "\u0000" })).toEqual({ success: false, errors: { additionalComments: controlCharacterMessage } });
  });

  it("agree on any text in any field", () => {
    const names = requestFields.map((field) => field.name);
    const text = fc.oneof(fc.string({ maxLength: 1100 }), fc.string({ unit: "binary", maxLength: 30 }), fc.constantFrom("", " ", "\0", "Other", "Yes", "a@b.co"));
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...names), text), (change) => {
        const input = { ...valid, ...change };
        expect(browserVerdict(input)).toEqual(serverVerdict(input));
      }),
      { numRuns: 300 },
    );
  });

  it("check the same fields on each step", () => {
    const serverSteps = [problemStep, contactStep, null, referralStep, commentsStep];
    expect(browserStepSchemas).toHaveLength(stepTitles.length);
    stepTitles.forEach((_, index) => {
      const browser = browserStepSchemas[index];
      const server = serverSteps[index];
      expect(browser && Object.keys(browser.shape)).toEqual(server && Object.keys(server.shape));
      expect(browser ? Object.keys(browser.shape) : []).toEqual(fieldsOfStep(index + 1));
      if (browser && server) {
        for (const [, change] of cases) {
          const input = { ...valid, ...change };
          const fromBrowser = browser.safeParse(input);
          const fromServer = server.safeParse(input);
          expect(fromBrowser.success ? fromBrowser.data : fieldErrorsOf(fromBrowser.error)).toEqual(
            fromServer.success ? fromServer.data : fieldErrorsOf(fromServer.error),
          );
        }
      }
    });
  });
});
