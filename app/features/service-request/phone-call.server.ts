import type { Actor } from "#app/features/inbox/inbox.server.ts";
import type { Database } from "#server/db/client.ts";
import { serviceRequestPhotos, serviceRequests } from "#server/db/schema.ts";
import { publishLiveEvent } from "#server/live-events.ts";
import type { Logger } from "#server/logger.ts";
import type { ObjectStorage } from "#server/storage.ts";
import { discardFiles, IntakeError, maxBodyBytes, OverQuotaError, receiveMultipart, type Intake } from "./intake.server.ts";
import { queueRequestMessages, type MessageSettings, type RequestMessage } from "./request-messages.server.ts";
import { fieldErrorsOf, isUrgent, triageFor, type FieldErrors } from "./catalogue.ts";
import { serviceRequestSchema } from "./schema.ts";
import { submittedValues } from "./submit.server.ts";
import type { SubmittedValues } from "./submission.ts";

export interface PhoneCallDependencies {
  db: Database;
  storage: ObjectStorage;
  logger: Logger;
  /** Keyed hash of the staff member's network address, as the website's requests keep the sender's. */
  clientId: string;
  settings: MessageSettings;
  now?: () => Date;
}

export type PhoneCallResult =
  | { status: "logged"; requestId: string }
  | { status: "invalid"; fieldErrors: FieldErrors; values: SubmittedValues; photosNotKept: number }
  | { status: "refused"; formError: string; values: SubmittedValues; photosNotKept: number };

/**
 * What a logged call sends: the office email and the webhook, as for a request from the website,
 * so every lead reaches the same people and systems. Never the visitor's confirmation: the caller
 * has just spoken to us, and an email promising a call back would confuse more than reassure.
 */
export function phoneCallMessages(webhookEnabled: boolean): RequestMessage[] {
  return webhookEnabled ? ["office", "webhook"] : ["office"];
}

/**
 * Staff log a phone call as a request: the same form, fields and server-side checks as the
 * website's (one schema), photos optional through the same streaming intake. Staff are trusted:
 * no spam verdict, form stamp or rate limit. Stored with its photos and messages in one transaction.
 */
export async function logPhoneCall(
  request: Request,
  actor: Actor,
  { db, storage, logger, clientId, settings, now = () => new Date() }: PhoneCallDependencies,
): Promise<{ result: PhoneCallResult; status: number }> {
  const refused = (status: number, formError: string, values: SubmittedValues = {}, photosNotKept = 0) => ({
    status,
    result: { status: "refused" as const, formError, values, photosNotKept },
  });
  let intake: Intake;
  try {
    intake = await receiveMultipart(request, storage, { keepFiles: () => true, maxStoredBytes: maxBodyBytes });
  } catch (error) {
    if (error instanceof IntakeError) return refused(error.status, error.message);
    if (error instanceof OverQuotaError) return refused(413, "The photos are too large to send together.");
    throw error;
  }
  const parsed = serviceRequestSchema.safeParse(intake.fields);
  if (!parsed.success || intake.fileErrors.length > 0) {
    await discardFiles(intake.files, storage);
    const fieldErrors = parsed.success ? {} : fieldErrorsOf(parsed.error);
    if (intake.fileErrors.length > 0) fieldErrors.photos = intake.fileErrors.join(" ");
    const photosNotKept = intake.files.length + intake.fileErrors.length;
    return { status: 400, result: { status: "invalid", fieldErrors, values: submittedValues(intake.fields), photosNotKept } };
  }
  const files = intake.files;
  try {
    const lead = triageFor(parsed.data);
    const urgent = isUrgent(lead);
    const at = now();
    const requestId = await db.transaction(async (tx) => {
      const [stored] = await tx
        .insert(serviceRequests)
        .values({
          ...lead,
          urgent,
          createdAt: at,
          statusChangedAt: at,
          status: "new",
          source: "phone",
          loggedByEmail: actor.email,
          // Whoever took the call is on it: an urgent call is not escalated as if nobody were.
          acknowledgedAt: at,
          acknowledgedById: actor.id,
          acknowledgedByEmail: actor.email,
          clientHash: clientId,
        })
        .returning({ id: serviceRequests.id, createdAt: serviceRequests.createdAt });
      if (!stored) throw new Error("The request row was not returned");
      if (files.length > 0) await tx.insert(serviceRequestPhotos).values(files.map((file) => ({ ...file, requestId: stored.id })));
      const summary = { ...lead, ...stored, urgent, photoCount: files.length, source: "phone" as const, loggedByEmail: actor.email };
      await queueRequestMessages(tx, summary, phoneCallMessages(settings.webhookEnabled), settings, at);
      await publishLiveEvent(tx, { kind: "request.created", requestId: stored.id });
      return stored.id;
    });
    logger.info({ requestId, by: actor.id }, "Phone call logged as a request");
    return { status: 200, result: { status: "logged", requestId } };
  } catch (error) {
    await discardFiles(files, storage);
    logger.error({ err: error }, "Logging a phone call failed");
    return refused(503, "The call could not be saved right now. Nothing was stored: please try again.", submittedValues(intake.fields), files.length);
  }
}
