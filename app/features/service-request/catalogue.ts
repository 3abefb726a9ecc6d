import { fieldErrorsFrom } from "#app/components/ui/field-errors.ts";
/**
 * Every field of the service request, once: its name, the one label staff read it under, its
 * limit and messages, the dialog's step that asks it, and where its answer is shown. The server's
 * schema (`schema.ts`), the browser's (`browser-schema.ts`), the office email, the webhook, the
 * CSV export and the request page are all derived from `requestFields`; this module imports no
 * zod, so the browser can read it without loading a validation library.
 *
 * To add a field:
 * 1. add its entry to `requestFields`, in the place the visitor meets it (a new webhook key and a
 *    new CSV column, added at the CSV's end, are new parts of external contracts: say so);
 * 2. add its column to `serviceRequests` in `server/db/schema.ts` and run `npm run db:generate`;
 * 3. place its input in its step's section in `fields.tsx`.
 */

export const problemTypes = [
  "Water damage",
  "Fire damage",
  "Mold concern",
  "Storm damage",
  "Sewage backup",
  "Odor or smoke issue",
  "Reconstruction or rebuild",
  "General inquiry",
] as const;
export type ProblemType = (typeof problemTypes)[number];

export const referralSources = [
  "Online search (Google, Bing)",
  "Referred by plumber or contractor",
  "Insurance company",
  "Social media",
  "Friend or neighbor",
  "Other",
] as const;

export const sourceStoppedAnswers = ["Yes", "No", "Not sure"] as const;
export const standingWaterAnswers = ["Yes", "No"] as const;

/** The dialog's steps, in order; step 3 asks for the photos, which are files, not fields of this table. */
export const stepTitles = ["What's the problem?", "Contact Information", "Upload Photos", "How did you hear about us?", "Additional Comments"] as const;
export const photosStep = 3;

const chooseOneMessage = "Please choose one of the options";

/** Free text the visitor types: trimmed, at most `max` characters; empty allowed unless `required` gives its message. */
interface TextRule {
  kind: "text";
  max: number;
  tooLong: string;
  required?: string;
}
/** A phone number: digits, spaces, hyphens, parentheses, plus and dots, with at least 7 digits. */
interface PhoneRule {
  kind: "phone";
  max: number;
  required: string;
  invalid: string;
}
/** An email address, kept lower-cased. */
interface EmailRule {
  kind: "email";
  max: number;
  required: string;
  tooLong: string;
  invalid: string;
}
/** One of our own options; empty allowed unless `required`. */
interface ChoiceRule {
  kind: "choice";
  options: readonly [string, ...string[]];
  invalid: string;
  required?: true;
}

/** Where an answer is shown besides the stored row. */
interface Shown {
  /** The office's email about a new request. */
  officeEmail: boolean;
  /** The webhook's JSON key (an external contract: never renamed), or false. */
  webhook: string | false;
  /** A column of the CSV export (its header is the label: an external contract too). */
  csv: boolean;
  /** The request page's details. */
  inbox: boolean;
}

interface FieldEntry {
  name: string;
  /** What staff read the answer under, in the email, the CSV and the request page. */
  label: string;
  step: 1 | 2 | 4 | 5;
  shown: Shown;
}

/**
 * The visitor's confirmation goes to whatever address was typed, so it may name only our own
 * choices: a typed field cannot be marked for it.
 */
type RequestFieldEntry = (FieldEntry & { rule: TextRule | PhoneRule | EmailRule; inConfirmation?: never }) | (FieldEntry & { rule: ChoiceRule; inConfirmation?: true });

const everywhere = { officeEmail: true, csv: true, inbox: true } as const;

export const requestFields = [
  {
    name: "problem",
    label: "Problem",
    step: 1,
    rule: { kind: "choice", options: problemTypes, invalid: "Please select the type of problem", required: true },
    inConfirmation: true,
    shown: { ...everywhere, webhook: "problemType" },
  },
  {
    name: "problemDescription",
    label: "Description",
    step: 1,
    rule: { kind: "text", max: 500, tooLong: "Description is too long (max 500 characters)" },
    shown: { ...everywhere, webhook: "problemDescription" },
  },
  {
    name: "sourceStopped",
    label: "Water source stopped",
    step: 1,
    rule: { kind: "choice", options: sourceStoppedAnswers, invalid: chooseOneMessage },
    shown: { ...everywhere, webhook: "sourceStopped" },
  },
  {
    name: "standingWater",
    label: "Standing water",
    step: 1,
    rule: { kind: "choice", options: standingWaterAnswers, invalid: chooseOneMessage },
    shown: { ...everywhere, webhook: "standingWater" },
  },
  {
    name: "firstName",
    label: "First name",
    step: 2,
    rule: { kind: "text", max: 50, required: "First name is required", tooLong: "First name is too long" },
    shown: { ...everywhere, webhook: "firstName" },
  },
  {
    name: "lastName",
    label: "Last name",
    step: 2,
    rule: { kind: "text", max: 50, required: "Last name is required", tooLong: "Last name is too long" },
    shown: { ...everywhere, webhook: "lastName" },
  },
  {
    name: "phone",
    label: "Phone",
    step: 2,
    rule: { kind: "phone", max: 20, required: "Phone number is required", invalid: "Please enter a valid phone number" },
    shown: { ...everywhere, webhook: "phone" },
  },
  {
    name: "email",
    label: "Email",
    step: 2,
    rule: {
      kind: "email",
      max: 100,
      required: "Email address is required",
      tooLong: "Email address is too long",
      invalid: "Please enter a valid email address",
    },
    shown: { ...everywhere, webhook: "email" },
  },
  {
    name: "address",
    label: "Address",
    step: 2,
    rule: { kind: "text", max: 200, tooLong: "Address is too long (max 200 characters)" },
    shown: { ...everywhere, webhook: "address" },
  },
  {
    name: "insuranceCompany",
    label: "Insurance company",
    step: 2,
    rule: { kind: "text", max: 100, tooLong: "Insurance company is too long (max 100 characters)" },
    shown: { ...everywhere, webhook: "insuranceCompany" },
  },
  {
    name: "claimNumber",
    label: "Claim number",
    step: 2,
    rule: { kind: "text", max: 100, tooLong: "Claim number is too long (max 100 characters)" },
    shown: { ...everywhere, webhook: "claimNumber" },
  },
  {
    name: "referralSource",
    label: "Heard about us from",
    step: 4,
    rule: { kind: "choice", options: referralSources, invalid: chooseOneMessage },
    shown: { ...everywhere, webhook: "referralSource" },
  },
  {
    name: "referralOther",
    label: "Heard about us (other)",
    step: 4,
    rule: { kind: "text", max: 100, tooLong: "Please keep this under 100 characters" },
    shown: { ...everywhere, webhook: "referralOther" },
  },
  {
    name: "additionalComments",
    label: "Additional comments",
    step: 5,
    rule: { kind: "text", max: 1000, tooLong: "Comments are too long (max 1000 characters)" },
    shown: { ...everywhere, webhook: "additionalComments" },
  },
] as const satisfies readonly RequestFieldEntry[];

export type RequestField = (typeof requestFields)[number];
export type ServiceRequestField = RequestField["name"];
export type FieldErrors = Partial<Record<ServiceRequestField | "photos", string>>;
/** The answers as stored: every field is text. */
export type RequestAnswers = Record<ServiceRequestField, string>;

type Limited = Extract<RequestField, { rule: { max: number } }>;
type LimitOf<Name extends Limited["name"]> = Extract<Limited, { name: Name }>["rule"]["max"];

/** Each typed field's limit, and the photos' (the browser's `maxLength` and both schemas read these). */
export const requestLimits = {
  ...(Object.fromEntries(requestFields.flatMap((field) => ("max" in field.rule ? [[field.name, field.rule.max]] : []))) as {
    [Name in Limited["name"]]: LimitOf<Name>;
  }),
  maxFiles: 10,
  maxFileBytes: 10 * 1024 * 1024,
} as const;

export const requestFieldNames: readonly ServiceRequestField[] = requestFields.map((field) => field.name);

const fieldsByName = new Map<string, RequestField>(requestFields.map((field) => [field.name, field]));

/** The entry of `name` (a field of the table, so it is always there). */
export function requestField(name: ServiceRequestField): RequestField {
  return fieldsByName.get(name) as RequestField;
}

/** The fields a destination shows, in the order the visitor meets them. */
export function fieldsShownIn(destination: "officeEmail" | "csv" | "inbox"): RequestField[] {
  return requestFields.filter((field) => field.shown[destination]);
}

/** The step that asks `field` (the photos are step 3). */
export function stepOfField(field: ServiceRequestField | "photos"): number {
  return field === "photos" ? photosStep : requestField(field).step;
}

/** The fields step `step` asks, in order. */
export function fieldsOfStep(step: number): ServiceRequestField[] {
  return requestFields.filter((field) => field.step === step).map((field) => field.name);
}

/** Every field in the order the visitor meets it, the photos in their step. */
export const fieldOrder: readonly (ServiceRequestField | "photos")[] = stepTitles.flatMap((_, index) =>
  index + 1 === photosStep ? ["photos" as const] : fieldsOfStep(index + 1),
);

export const phonePattern = /^[\d\s\-()+.]+$/;
export const phoneMinDigits = 7;

export function isPhoneNumber(phone: string): boolean {
  return phonePattern.test(phone) && phone.replace(/\D/g, "").length >= phoneMinDigits;
}

/** What both schemas' failures look like: each issue's path and message. */
interface ValidationError {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}

/** The first message for each field that failed, in the spec's words. */
export function fieldErrorsOf(error: ValidationError): FieldErrors {
  return fieldErrorsFrom(error) as FieldErrors;
}

/** Problems where water may still be coming in: step 1 asks the triage questions for these. */
export const waterProblems: readonly ProblemType[] = ["Water damage", "Sewage backup", "Storm damage"];
/** Problems that are urgent whatever the answers. */
const alwaysUrgentProblems: readonly ProblemType[] = ["Fire damage", "Sewage backup"];

export interface TriageAnswers {
  problem: string;
  sourceStopped: string;
  standingWater: string;
}

export function asksTriage(problem: string): boolean {
  return (waterProblems as readonly string[]).includes(problem);
}

/** The answers that count for this problem: a question the visitor was not asked has no answer. */
export function triageFor<T extends TriageAnswers>(answers: T): T {
  return asksTriage(answers.problem) ? answers : { ...answers, sourceStopped: "", standingWater: "" };
}

/** Urgent: the water is still coming in, there is standing water, or the problem is fire or sewage. */
export function isUrgent(answers: TriageAnswers): boolean {
  const counted = triageFor(answers);
  return counted.sourceStopped === "No" || counted.standingWater === "Yes" || (alwaysUrgentProblems as readonly string[]).includes(answers.problem);
}

export const tooManySubmissionsMessage = "Too many submission attempts. Please wait before trying again.";
export const genericSubmitError = "We could not send your request. Please try again, or call us now.";
