import "#app/utils/zod-jitless.ts";
import { z } from "zod/mini";
import { emailPattern } from "#app/domain/email.ts";
import { controlCharacterMessage, normalizeTypedText, storableText } from "#app/utils/typed-text-rules.ts";
import { fieldsOfStep, isPhoneNumber, requestField, stepTitles, type RequestField } from "./catalogue.ts";

/**
 * The browser's copy of the request schema, in zod/mini (a fraction of full zod's bytes in the
 * dialog's chunk), built from the same catalogue as the server's `schema.ts`:
 * `schema-parity.test.ts` holds the two to the same verdicts and messages.
 */

/** A form value: absent counts as empty; trimmed, line ends as LF; refused when it holds a NUL. */
const formText = z.pipe(z._default(z.string(), ""), z.pipe(z.string(), z.transform(normalizeTypedText)).check(z.refine(storableText, controlCharacterMessage)));

type FieldSchema = z.ZodMiniType<string, string | undefined>;

function fieldSchema(rule: RequestField["rule"]): FieldSchema {
  switch (rule.kind) {
    case "text":
      return z.pipe(
        formText,
        "required" in rule ? z.string().check(z.minLength(1, rule.required), z.maxLength(rule.max, rule.tooLong)) : z.string().check(z.maxLength(rule.max, rule.tooLong)),
      );
    case "phone":
      return z.pipe(formText, z.string().check(z.minLength(1, rule.required), z.maxLength(rule.max, rule.invalid), z.refine(isPhoneNumber, rule.invalid)));
    case "email":
      return z.pipe(
        formText,
        z.pipe(
          z.string().check(z.minLength(1, rule.required), z.maxLength(rule.max, rule.tooLong), z.regex(emailPattern, rule.invalid)),
          z.transform((email: string) => email.toLowerCase()),
        ),
      );
    case "choice":
      return z.pipe(
        formText,
        "required" in rule ? z.enum(rule.options, { error: rule.invalid }) : z.union([z.literal(""), z.enum(rule.options)], { error: rule.invalid }),
      );
  }
}

function stepSchema(step: number) {
  return z.object(Object.fromEntries(fieldsOfStep(step).map((name) => [name, fieldSchema(requestField(name).rule)])));
}

/** Each step's schema (null for the photos' step, which has no text fields), in the dialog's order. */
export const browserStepSchemas = stepTitles.map((_, index) => (fieldsOfStep(index + 1).length > 0 ? stepSchema(index + 1) : null));

/** The whole form, as the dialog checks it before sending. */
export const browserRequestSchema = z.object(
  Object.fromEntries(browserStepSchemas.flatMap((schema) => (schema ? Object.entries(schema.shape) : []))),
);
