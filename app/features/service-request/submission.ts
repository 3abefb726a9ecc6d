import type { FieldErrors, ServiceRequestField } from "./schema.ts";

/** Where the dialog sends a request (multipart form data) and reads a JSON answer. */
export const submissionEndpoint = "/api/service-requests";

/** Spam trap: a field people never see or fill. */
export const honeypotField = "website";
/** When the form was shown (ms since epoch); a submission faster than a person can type is a bot. */
export const startedAtField = "formStartedAt";
export const photosField = "photos";

export type SubmittedValues = Partial<Record<ServiceRequestField, string>>;

/** The answer to a submission, for the dialog (as JSON) and for the no-JavaScript page (as action data). */
export type SubmissionResult =
  | { status: "received"; requestId: string; callbackPromiseMinutes: number }
  | { status: "invalid"; fieldErrors: FieldErrors; values: SubmittedValues }
  | { status: "refused"; formError: string; values: SubmittedValues };
