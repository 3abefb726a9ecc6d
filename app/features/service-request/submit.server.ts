import type { Database } from "#server/db/client.ts";
import { serviceRequestPhotos, serviceRequests } from "#server/db/schema.ts";
import type { Logger } from "#server/logger.ts";
import { enqueueEmail, enqueueWebhook } from "#server/outbox.ts";
import { takeRateLimit } from "#server/rate-limit.ts";
import type { ObjectStorage } from "#server/storage.ts";
import { loadCallbackPromiseMinutes } from "#app/features/site/callback-promise.server.ts";
import { loadCompanySettings } from "#app/features/site/settings.server.ts";
import { loadNotificationRecipients } from "#app/features/office-notifications/recipients.server.ts";
import { discardFiles, IntakeError, receiveMultipart, type Intake } from "./intake.server.ts";
import { notificationLabels, officeNotification, visitorConfirmation, webhookBody } from "./notifications.server.ts";
import {
  fieldErrorsOf,
  isUrgent,
  serviceRequestSchema,
  tooManySubmissionsMessage,
  triageFor,
  type ServiceRequestField,
} from "./schema.ts";
import { notSavedStatus, requestNotSavedMessage } from "./outage.server.ts";
import { honeypotField, startedAtField, type SubmissionResult, type SubmittedValues } from "./submission.ts";

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
  now?: () => Date;
}

/** Spec §9: 3 submissions per 5 minutes, here per client and per email (never per timestamp). */
export const submissionRateLimit = { limit: 3, windowMs: 5 * 60 * 1000 };
/** Nobody fills five steps faster than this; a bot does. */
export const minimumFillTimeMs = 3_000;

class RateLimited extends Error {}

export async function submitServiceRequest(
  request: Request,
  { db, storage, logger, notifyOutbox, webhookEnabled, publicUrl, clientId, now = () => new Date() }: SubmitDependencies,
): Promise<{ result: SubmissionResult; status: number }> {
  let intake: Intake;
  try {
    intake = await receiveMultipart(request, storage);
  } catch (error) {
    if (error instanceof IntakeError) return { status: error.status, result: { status: "refused", formError: error.message, values: {} } };
    throw error;
  }

  const values = submittedValues(intake.fields);
  const parsed = serviceRequestSchema.safeParse(intake.fields);
  if (!parsed.success || intake.fileErrors.length > 0) {
    await discardFiles(intake.files, storage);
    const fieldErrors = parsed.success ? {} : fieldErrorsOf(parsed.error);
    if (intake.fileErrors.length > 0) fieldErrors.photos = intake.fileErrors.join(" ");
    return { status: 400, result: { status: "invalid", fieldErrors, values } };
  }

  const spamReason = spamReasonOf(intake.fields, now());
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
        .values({ ...request, urgent, createdAt: now(), status: spamReason ? "spam" : "new", spamReason, clientHash: clientId, userAgent })
        .returning({ id: serviceRequests.id, createdAt: serviceRequests.createdAt });
      if (!stored) throw new Error("The request row was not returned");
      if (intake.files.length > 0) {
        await tx.insert(serviceRequestPhotos).values(intake.files.map((file) => ({ ...file, requestId: stored.id })));
      }
      if (!spamReason) {
        const summary = { ...request, ...stored, urgent, photoCount: intake.files.length };
        await enqueueEmail(tx, officeNotification(summary, company, publicUrl, recipients), stored.id, notificationLabels.office);
        await enqueueEmail(tx, visitorConfirmation(summary, company, callbackPromiseMinutes), stored.id, notificationLabels.visitor);
        if (webhookEnabled) await enqueueWebhook(tx, webhookBody(summary, publicUrl), stored.id);
      }
      return stored.id;
    });
    if (spamReason) logger.info({ requestId, spamReason }, "Request caught by the spam defence");
    else notifyOutbox();
    return { status: 200, result: { status: "received", requestId, callbackPromiseMinutes } };
  } catch (error) {
    await discardFiles(intake.files, storage);
    if (error instanceof RateLimited) return { status: 429, result: { status: "refused", formError: tooManySubmissionsMessage, values } };
    logger.error({ err: error }, "Storing a service request failed; the visitor is asked to call");
    return { status: await notSavedStatus(db), result: { status: "refused", formError: requestNotSavedMessage(company.phone), values } };
  }
}

function spamReasonOf(fields: Record<string, string>, now: Date): string | null {
  if ((fields[honeypotField] ?? "") !== "") return "honeypot filled";
  const startedAt = Number(fields[startedAtField]);
  if (!Number.isFinite(startedAt) || startedAt <= 0) return "no form start time";
  if (now.getTime() - startedAt < minimumFillTimeMs) return "sent too fast";
  return null;
}

const textFields: ServiceRequestField[] = Object.keys(serviceRequestSchema.shape) as ServiceRequestField[];

/** What the visitor typed, to put back in the form when we refuse it (capped: it goes back into a page). */
function submittedValues(fields: Record<string, string>): SubmittedValues {
  return Object.fromEntries(
    textFields.filter((field) => typeof fields[field] === "string").map((field) => [field, (fields[field] as string).slice(0, 2000)]),
  );
}
