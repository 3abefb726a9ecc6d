import type { FieldErrors, ServiceRequestField } from "./catalogue.ts";

/** Where the dialog sends a request (multipart form data) and reads a JSON answer. */
export const submissionEndpoint = "/api/service-requests";

/** Spam trap: a field people never see or fill. */
export const honeypotField = "website";
/** The server's signed stamp of when the form was shown (see form-start.server.ts). */
export const formStartField = "formStart";
/** Where the dialog asks for that stamp when it opens: public pages are cached, the stamp never is. */
export const formStartEndpoint = "/api/form-start";
export const photosField = "photos";

export type SubmittedValues = Partial<Record<ServiceRequestField, string>>;

/** The answer to a submission, for the dialog (as JSON) and for the no-JavaScript page (as action data). */
export type SubmissionResult =
  | { status: "received"; requestId: string; callbackPromiseMinutes: number }
  | ({ status: "invalid"; fieldErrors: FieldErrors } & RetryState)
  | ({ status: "refused"; formError: string } & RetryState);

/** What a refused form needs to be sent again: what was typed, the same form start, and the photos that were not kept. */
export interface RetryState {
  values: SubmittedValues;
  /** The stamp to send again, so fixing a mistake quickly never looks like a bot. */
  formStart?: string;
  /** Photos that arrived with the refused form and were not kept: the page asks for them again. */
  photosNotKept?: number;
}
