import { z } from "zod";
import { emailPattern } from "#app/domain/email.ts";
import { fieldErrorsFrom } from "#app/components/ui/field-errors.ts";
import { typedText } from "#app/utils/typed-text.ts";

/** One place for every rule of the request form: the dialog, the no-JavaScript page and the server use these. */
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

export const referralSources = [
  "Online search (Google, Bing)",
  "Referred by plumber or contractor",
  "Insurance company",
  "Social media",
  "Friend or neighbor",
  "Other",
] as const;

export const requestLimits = {
  firstName: 50,
  lastName: 50,
  phone: 20,
  email: 100,
  address: 200,
  problemDescription: 500,
  referralOther: 100,
  additionalComments: 1000,
  insuranceCompany: 100,
  claimNumber: 100,
  maxFiles: 10,
  maxFileBytes: 10 * 1024 * 1024,
} as const;

export const allowedFileExtensions = ["jpg", "jpeg", "png", "heic", "pdf"] as const;
export const allowedFileTypes = ["image/jpeg", "image/jpg", "image/png", "image/heic", "application/pdf"] as const;
/** A HEIC photo as `file-type` names it: `image/heif` when the file's major brand is the generic `mif1`. */
export const heifContentTypes: readonly string[] = ["image/heic", "image/heif"];
export function isHeif(contentType: string): boolean {
  return heifContentTypes.includes(contentType);
}
export const fileInputAccept = [...allowedFileExtensions.map((extension) => `.${extension}`), ...allowedFileTypes].join(",");

/** A form value: absent counts as empty; kept as typed, save outer space and line ends. Pages, emails, JSON and CSV each escape it. */
const formText = z.string().default("").pipe(typedText);

const requiredText = (max: number, required: string, tooLong: string) => formText.pipe(z.string().min(1, required).max(max, tooLong));
const optionalText = (max: number, tooLong: string) => formText.pipe(z.string().max(max, tooLong));

const phonePattern = /^[\d\s\-()+.]+$/;

/** Problems where water may still be coming in: step 1 asks the triage questions for these. */
export const waterProblems: readonly ProblemType[] = ["Water damage", "Sewage backup", "Storm damage"];
/** Problems that are urgent whatever the answers. */
const alwaysUrgentProblems: readonly ProblemType[] = ["Fire damage", "Sewage backup"];
export type ProblemType = (typeof problemTypes)[number];

export const sourceStoppedAnswers = ["Yes", "No", "Not sure"] as const;
export const standingWaterAnswers = ["Yes", "No"] as const;

/** An optional choice: empty when not answered, else one of `answers`. */
const optionalChoice = (answers: readonly [string, ...string[]]) =>
  formText.pipe(z.union([z.literal(""), z.enum(answers)], { error: "Please choose one of the options" }));

export const problemStep = z.object({
  problem: formText.pipe(z.enum(problemTypes, { error: "Please select the type of problem" })),
  problemDescription: optionalText(requestLimits.problemDescription, "Description is too long (max 500 characters)"),
  sourceStopped: optionalChoice(sourceStoppedAnswers),
  standingWater: optionalChoice(standingWaterAnswers),
});

export interface TriageAnswers {
  problem: string;
  sourceStopped: string;
  standingWater: string;
}

export function asksTriage(problem: string): boolean {
  return (waterProblems as readonly string[]).includes(problem);
}

/** The answers that count for this problem: a question the visitor was not asked has no answer. */
export function triageFor<T extends TriageAnswers>(request: T): T {
  return asksTriage(request.problem) ? request : { ...request, sourceStopped: "", standingWater: "" };
}

/** Urgent: the water is still coming in, there is standing water, or the problem is fire or sewage. */
export function isUrgent(request: TriageAnswers): boolean {
  const answers = triageFor(request);
  return (
    answers.sourceStopped === "No" || answers.standingWater === "Yes" || (alwaysUrgentProblems as readonly string[]).includes(request.problem)
  );
}

export const contactStep = z.object({
  firstName: requiredText(requestLimits.firstName, "First name is required", "First name is too long"),
  lastName: requiredText(requestLimits.lastName, "Last name is required", "Last name is too long"),
  phone: formText.pipe(
    z
      .string()
      .min(1, "Phone number is required")
      .max(requestLimits.phone, "Please enter a valid phone number")
      .refine((phone) => phonePattern.test(phone) && phone.replace(/\D/g, "").length >= 7, "Please enter a valid phone number"),
  ),
  email: formText.pipe(
    z
      .string()
      .min(1, "Email address is required")
      .max(requestLimits.email, "Email address is too long")
      .regex(emailPattern, "Please enter a valid email address")
      .transform((email) => email.toLowerCase()),
  ),
  address: optionalText(requestLimits.address, "Address is too long (max 200 characters)"),
  insuranceCompany: optionalText(requestLimits.insuranceCompany, "Insurance company is too long (max 100 characters)"),
  claimNumber: optionalText(requestLimits.claimNumber, "Claim number is too long (max 100 characters)"),
});

export const referralStep = z.object({
  referralSource: formText.pipe(z.union([z.literal(""), z.enum(referralSources)], { error: "Please choose one of the options" })),
  referralOther: optionalText(requestLimits.referralOther, "Please keep this under 100 characters"),
});

export const commentsStep = z.object({
  additionalComments: optionalText(requestLimits.additionalComments, "Comments are too long (max 1000 characters)"),
});

export const serviceRequestSchema = problemStep.extend(contactStep.shape).extend(referralStep.shape).extend(commentsStep.shape);

export type ServiceRequestInput = z.input<typeof serviceRequestSchema>;
export type ServiceRequest = z.output<typeof serviceRequestSchema>;
export type ServiceRequestField = keyof ServiceRequest;
export type FieldErrors = Partial<Record<ServiceRequestField | "photos", string>>;

/** The dialog's steps with input, and which fields each shows (step 3 holds the photos). */
export const formSteps = [
  { title: "What's the problem?", schema: problemStep },
  { title: "Contact Information", schema: contactStep },
  { title: "Upload Photos", schema: null },
  { title: "How did you hear about us?", schema: referralStep },
  { title: "Additional Comments", schema: commentsStep },
] as const;

export function stepOfField(field: ServiceRequestField | "photos"): number {
  if (field === "photos") return 3;
  const index = formSteps.findIndex((step) => step.schema && field in step.schema.shape);
  return index + 1;
}

/** The first message for each field that failed, in the spec's words. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  return fieldErrorsFrom(error) as FieldErrors;
}

const forbiddenNameCharacters = /[<>:"|?*]/;
const forbiddenExtensions = /\.(exe|bat|cmd|scr|vbs|js|jar)$/i;

/** The spec's general upload rules for names: no traversal, no reserved characters, no hidden or executable files. */
export function isSafeFileName(name: string): boolean {
  return (
    name.length > 0 &&
    name.length <= 255 &&
    !name.includes("..") &&
    !forbiddenNameCharacters.test(name) &&
    !name.startsWith(".") &&
    !forbiddenExtensions.test(name) &&
    // eslint-disable-next-line no-control-regex
    !/[\u0000-\u001f/\\]/.test(name)
  );
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot === -1 ? "" : name.slice(dot + 1).toLowerCase();
}

/** Why a chosen file cannot be sent, in the words the visitor sees, or null when it can. */
export function fileProblem(file: { name: string; size: number }): string | null {
  if (!isSafeFileName(file.name)) return `${file.name}: Invalid file name`;
  if (!(allowedFileExtensions as readonly string[]).includes(extensionOf(file.name))) return `${file.name}: Unsupported file type`;
  if (file.size > requestLimits.maxFileBytes) return `${file.name}: File too large (max 10MB)`;
  return null;
}

/** "512 Bytes", "1.5 KB", "2.34 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} Bytes`;
  if (bytes < 1024 * 1024) return `${Number((bytes / 1024).toFixed(2))} KB`;
  return `${Number((bytes / (1024 * 1024)).toFixed(2))} MB`;
}

export const tooManySubmissionsMessage = "Too many submission attempts. Please wait before trying again.";
export const genericSubmitError = "We could not send your request. Please try again, or call us now.";
