import { z } from "zod";
import { emailPattern } from "#app/domain/email.ts";
import { typedText } from "#app/utils/typed-text.ts";
import { fieldsOfStep, isPhoneNumber, requestField, type RequestField } from "./catalogue.ts";

/**
 * The server's schema of the request form, built from the catalogue. The browser validates with
 * `browser-schema.ts` (zod/mini, the same rules and messages); `schema-parity.test.ts` holds
 * the two to the same verdicts.
 */

/** A form value: absent counts as empty; kept as typed, save outer space and line ends. Pages, emails, JSON and CSV each escape it. */
const formText = z.string().default("").pipe(typedText);

type FieldSchema = z.ZodType<string, string | undefined>;

function fieldSchema(rule: RequestField["rule"]): FieldSchema {
  switch (rule.kind) {
    case "text":
      return formText.pipe("required" in rule ? z.string().min(1, rule.required).max(rule.max, rule.tooLong) : z.string().max(rule.max, rule.tooLong));
    case "phone":
      return formText.pipe(z.string().min(1, rule.required).max(rule.max, rule.invalid).refine(isPhoneNumber, rule.invalid));
    case "email":
      return formText.pipe(
        z
          .string()
          .min(1, rule.required)
          .max(rule.max, rule.tooLong)
          .regex(emailPattern, rule.invalid)
          .transform((email) => email.toLowerCase()),
      );
    case "choice":
      return formText.pipe(
        "required" in rule ? z.enum(rule.options, { error: rule.invalid }) : z.union([z.literal(""), z.enum(rule.options)], { error: rule.invalid }),
      );
  }
}

type StepShape<Step extends number> = { [Field in Extract<RequestField, { step: Step }> as Field["name"]]: FieldSchema };

function stepSchema<Step extends RequestField["step"]>(step: Step) {
  return z.object(Object.fromEntries(fieldsOfStep(step).map((name) => [name, fieldSchema(requestField(name).rule)])) as StepShape<Step>);
}

export const problemStep = stepSchema(1);
export const contactStep = stepSchema(2);
export const referralStep = stepSchema(4);
export const commentsStep = stepSchema(5);

export const serviceRequestSchema = problemStep.extend(contactStep.shape).extend(referralStep.shape).extend(commentsStep.shape);

export type ServiceRequest = z.output<typeof serviceRequestSchema>;
