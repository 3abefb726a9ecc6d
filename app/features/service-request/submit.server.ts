import type { Database } from "#server/db/client.ts";
import { serviceRequestPhotos, serviceRequests } from "#server/db/schema.ts";
import type { Logger } from "#server/logger.ts";
import { takeRateLimit } from "#server/rate-limit.ts";
import type { ObjectStorage } from "#server/storage.ts";
import { loadCallbackPromiseMinutes } from "#app/features/site/callback-promise.server.ts";
import { loadCompanySettings } from "#app/features/site/settings.server.ts";
import { loadNotificationRecipients } from "#app/features/office-notifications/recipients.server.ts";
import { checkFormStart, issueFormStart } from "./form-start.server.ts";
import { discardFiles, IntakeError, receiveMultipart, type Intake } from "./intake.server.ts";
import { messagesOnArrival, queueRequestMessages } from "./request-messages.server.ts";
import { fieldErrorsOf, isUrgent, serviceRequestSchema, tooManySubmissionsMessage, triageFor, type ServiceRequestField } from "./schema.ts";
import { notSavedStatus, requestNotSavedMessage } from "./outage.server.ts";
import { spamVerdictOf } from "./spam-policy.server.ts";
import { formStartField, type RetryState, type SubmissionResult, type SubmittedValues } from "./submission.ts";

export interface SubmitDependencies {
  db: Database;
  storage: ObjectStorage;
  logger: Logger;
  /** Wakes the outbox worker once the request is committed. */
  notifyOutbox: () => void;
  /** Queue the outgoing webhook too (WEBHOOK_URL is set). */
  webhookEnabled: boolean;
  publicUrl: string;
  /** Keyed hash of the sender's network address. */
  clientId: string;
  /** Signs and checks the forms' start stamps. */
  formStartSecret: string;
  now?: () => Date;
}

/** Spec §9: 3 submissions per 5 minutes, here per client and per email (never per timestamp). */
export const submissionRateLimit = { limit: 3, windowMs: 5 * 60 * 1000 };
class RateLimited extends Error {}

export async function submitServiceRequest(
  request: Request,
  { db, storage, logger, notifyOutbox, webhookEnabled, publicUrl, clientId, formStartSecret, now = () => new Date() }: SubmitDependencies,
): Promise<{ result: SubmissionResult; status: number }> {
  let intake: Intake;
  try {
    intake = await receiveMultipart(request, storage);
  } catch (error) {
    if (error instanceof IntakeError) return { status: error.status, result: { status: "refused", formError: error.message, values: {}, formStart: issueFormStart(formStartSecret, now()) } };
    throw error;
  }

  const retry = retryStateOf(intake, formStartSecret, now());
  const parsed = serviceRequestSchema.safeParse(intake.fields);
  if (!parsed.success || intake.fileErrors.length > 0) {
    await discardFiles(intake.files, storage);
    const fieldErrors = parsed.success ? {} : fieldErrorsOf(parsed.error);
    if (intake.fileErrors.length > 0) fieldErrors.photos = intake.fileErrors.join(" ");
    return { status: 400, result: { status: "invalid", fieldErrors, ...retry } };
  }

  const verdict = spamVerdictOf(intake.fields, formStartSecret, now());
  const userAgent = (request.headers.get("user-agent") ?? "").slice(0, 500);
  // Read before storing: if the database is down, the defaults still give the visitor a number to call.
  const [company, callbackPromiseMinutes, recipients] = await Promise.all([
    loadCompanySettings({ db, logger }),
    loadCallbackPromiseMinutes({ db, logger }),
    loadNotificationRecipients({ db, logger }),
  ]);
  try {
    const request = triageFor(parsed.data);
    const urgent = isUrgent(request);
    const requestId = await db.transaction(async (tx) => {
      const allowed = await takeRateLimit(
        tx,
        [`request:client:${clientId}`, `request:email:${parsed.data.email}`],
        submissionRateLimit,
        now(),
      );
      if (!allowed) throw new RateLimited();
      const [stored] = await tx
        .insert(serviceRequests)
        .values({ ...request, urgent, createdAt: now(), status: verdict.status, spamReason: verdict.reason, clientHash: clientId, userAgent })
        .returning({ id: serviceRequests.id, createdAt: serviceRequests.createdAt });
      if (!stored) throw new Error("The request row was not returned");
      if (intake.files.length > 0) {
        await tx.insert(serviceRequestPhotos).values(intake.files.map((file) => ({ ...file, requestId: stored.id })));
      }
      const summary = { ...request, ...stored, urgent, photoCount: intake.files.length };
      const settings = { company, recipients, publicUrl, callbackPromiseMinutes, webhookEnabled };
      await queueRequestMessages(
        tx,
        summary,
        messagesOnArrival(verdict.status, webhookEnabled),
        settings,
        now(),
        verdict.status === "suspected" ? verdict.reason : null,
      );
      return stored.id;
    });
    if (verdict.status !== "new") logger.info({ requestId, status: verdict.status, spamReason: verdict.reason }, "Request caught by the spam defence");
    if (verdict.status !== "spam") notifyOutbox();
    return { status: 200, result: { status: "received", requestId, callbackPromiseMinutes } };
  } catch (error) {
    await discardFiles(intake.files, storage);
    if (error instanceof RateLimited) return { status: 429, result: { status: "refused", formError: tooManySubmissionsMessage, ...retry } };
    logger.error({ err: error }, "Storing a service request failed; the visitor is asked to call");
    return { status: await notSavedStatus(db), result: { status: "refused", formError: requestNotSavedMessage(company.phone), ...retry } };
  }
}

/**
 * What a refused form is sent back with: the visitor's text, the start stamp it came with (a new
 * one if it had none that our site made), and how many photos must be chosen again.
 */
function retryStateOf(intake: Intake, formStartSecret: string, now: Date): RetryState {
  const sent = intake.fields[formStartField];
  const formStart = sent && checkFormStart(formStartSecret, sent, now).valid ? sent : issueFormStart(formStartSecret, now);
  return { values: submittedValues(intake.fields), formStart, photosNotKept: intake.files.length + intake.fileErrors.length };
}

const textFields: ServiceRequestField[] = Object.keys(serviceRequestSchema.shape) as ServiceRequestField[];

/** What the visitor typed, to put back in the form when we refuse it (capped: it goes back into a page). */
function submittedValues(fields: Record<string, string>): SubmittedValues {
  return Object.fromEntries(
    textFields.filter((field) => typeof fields[field] === "string").map((field) => [field, (fields[field] as string).slice(0, 2000)]),
  );
}
