import { and, eq, gt, sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { serviceRequestPhotos, serviceRequests } from "#server/db/schema.ts";
import type { Logger } from "#server/logger.ts";
import { hasAttemptsLeft, takeRateLimit } from "#server/rate-limit.ts";
import type { ObjectStorage } from "#server/storage.ts";
import { newRequestPush, queuePushToRole } from "#app/features/alerts/push.server.ts";
import { publishLiveEvent } from "#server/live-events.ts";
import { loadCompanySettings } from "#app/features/site/settings.server.ts";
import { checkFormStart, issueFormStart } from "./form-start.server.ts";
import { discardFiles, IntakeError, OverQuotaError, receiveMultipart, type Intake } from "./intake.server.ts";
import { loadMessageSettings, messagesOnArrival, queueRequestMessages } from "./request-messages.server.ts";
import { fieldErrorsOf, isUrgent, requestFieldNames, tooManySubmissionsMessage, triageFor } from "./catalogue.ts";
import { serviceRequestSchema } from "./schema.ts";
import { notSavedStatus, requestNotSavedMessage } from "./outage.server.ts";
import { isHoneypotFilled, spamVerdictOf } from "./spam-policy.server.ts";
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

/** Decision 3: 3 submissions per 5 minutes, here per client and per email (never per timestamp). */
export const submissionRateLimit = { limit: 3, windowMs: 5 * 60 * 1000 };
/**
 * The photos one client may have stored per day: three full requests (10 photos of 10 MB) and
 * more, far past what one emergency needs, and a bound on what a robot can fill the disk with.
 */
export const dailyPhotoQuota = { bytes: 300 * 1024 * 1024, windowMs: 24 * 60 * 60 * 1000 };

export function photoQuotaMessage(phone: string): string {
  return `We cannot take more photos from your connection today. Please call us at ${phone} — we answer 24/7.`;
}

class RateLimited extends Error {}

const clientKeyOf = (clientId: string) => `request:client:${clientId}`;

/** Bytes of photos kept for the client's requests of the last day. */
function photoBytesStored(db: Pick<Database, "select">, clientId: string, now: Date): Promise<number> {
  return db
    .select({ bytes: sql<number>`coalesce(sum(${serviceRequestPhotos.sizeBytes}), 0)`.mapWith(Number) })
    .from(serviceRequestPhotos)
    .innerJoin(serviceRequests, eq(serviceRequests.id, serviceRequestPhotos.requestId))
    .where(and(eq(serviceRequests.clientHash, clientId), gt(serviceRequests.createdAt, new Date(now.getTime() - dailyPhotoQuota.windowMs))))
    .then(([row]) => row?.bytes ?? 0);
}

/**
 * Looked up before a byte of the body is read, so a client past its limits writes nothing: how
 * many bytes of photos it may still store, or why it may not send at all.
 */
async function allowanceOf(db: Database, clientId: string, now: Date): Promise<{ refused: "rate" | "quota" } | { photoBytes: number }> {
  try {
    const [attemptsLeft, stored] = await Promise.all([hasAttemptsLeft(db, clientKeyOf(clientId), submissionRateLimit, now), photoBytesStored(db, clientId, now)]);
    if (!attemptsLeft) return { refused: "rate" };
    return stored < dailyPhotoQuota.bytes ? { photoBytes: dailyPhotoQuota.bytes - stored } : { refused: "quota" };
  } catch {
    // The database does not answer: storing fails too, and then the visitor is asked to call.
    return { photoBytes: dailyPhotoQuota.bytes };
  }
}

/** How a spam catch's reason says that its photos were dropped. */
function withPhotosNotKept(reason: string, count: number): string {
  return count === 0 ? reason : `${reason} ${count === 1 ? "The photo sent with it was" : `The ${count} photos sent with it were`} not kept.`;
}

export async function submitServiceRequest(
  request: Request,
  { db, storage, logger, notifyOutbox, webhookEnabled, publicUrl, clientId, formStartSecret, now = () => new Date() }: SubmitDependencies,
): Promise<{ result: SubmissionResult; status: number }> {
  // Refused before the form could be read: nothing typed to send back, and a fresh start stamp.
  const refused = (status: number, formError: string) => ({ status, result: { status: "refused" as const, formError, values: {}, formStart: issueFormStart(formStartSecret, now()) } });
  const overQuota = async () => refused(429, photoQuotaMessage((await loadCompanySettings({ db, logger })).phone));
  const allowance = await allowanceOf(db, clientId, now());
  if ("refused" in allowance) return allowance.refused === "rate" ? refused(429, tooManySubmissionsMessage) : await overQuota();

  let intake: Intake;
  try {
    // A robot caught by the honeypot sends its files for nothing: they are read past, never stored.
    intake = await receiveMultipart(request, storage, { keepFiles: (fields) => !isHoneypotFilled(fields), maxStoredBytes: allowance.photoBytes });
  } catch (error) {
    if (error instanceof IntakeError) return refused(error.status, error.message);
    if (error instanceof OverQuotaError) return await overQuota();
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
  // Spam keeps no photos (not even any sent before the honeypot field); its reason says how many came.
  const files = verdict.status === "spam" ? [] : intake.files;
  if (verdict.status === "spam") await discardFiles(intake.files, storage);
  const spamReason = verdict.reason && withPhotosNotKept(verdict.reason, intake.files.length - files.length + intake.filesNotKept);
  const userAgent = (request.headers.get("user-agent") ?? "").slice(0, 500);
  // Read before storing, the settings row once: if the database is down, the defaults still give the visitor a number to call.
  const settings = await loadMessageSettings({ db, logger, publicUrl, webhookEnabled });
  const { company, callbackPromiseMinutes } = settings;
  try {
    const answers = triageFor(parsed.data);
    const urgent = isUrgent(answers);
    const requestId = await db.transaction(async (tx) => {
      const allowed = await takeRateLimit(tx, [clientKeyOf(clientId), `request:email:${parsed.data.email}`], submissionRateLimit, now());
      if (!allowed) throw new RateLimited();
      // Checked again under the client's lock: two requests at once must not both fit in what was left.
      const photoBytes = files.reduce((total, file) => total + file.sizeBytes, 0);
      if (photoBytes > 0 && (await photoBytesStored(tx, clientId, now())) + photoBytes > dailyPhotoQuota.bytes) throw new OverQuotaError();
      const [stored] = await tx
        .insert(serviceRequests)
        .values({ ...answers, urgent, createdAt: now(), status: verdict.status, spamReason, clientHash: clientId, userAgent })
        .returning({ id: serviceRequests.id, createdAt: serviceRequests.createdAt });
      if (!stored) throw new Error("The request row was not returned");
      if (files.length > 0) {
        await tx.insert(serviceRequestPhotos).values(files.map((file) => ({ ...file, requestId: stored.id })));
      }
      const summary = { ...answers, ...stored, urgent, photoCount: files.length };
      await queueRequestMessages(
        tx,
        summary,
        messagesOnArrival(verdict.status, webhookEnabled),
        settings,
        now(),
        verdict.status === "suspected" ? verdict.reason : null,
      );
      // Staff hear of it at once: open admin pages update, and their devices are alerted unless the spam defence held it.
      await publishLiveEvent(tx, { kind: "request.created", requestId: stored.id, urgent: urgent && verdict.status === "new" });
      if (verdict.status === "new") await queuePushToRole(tx, "staff", newRequestPush(summary));
      return stored.id;
    });
    if (verdict.status !== "new") logger.info({ requestId, status: verdict.status, spamReason }, "Request caught by the spam defence");
    if (verdict.status !== "spam") notifyOutbox();
    return { status: 200, result: { status: "received", requestId, callbackPromiseMinutes } };
  } catch (error) {
    await discardFiles(files, storage);
    if (error instanceof RateLimited) return { status: 429, result: { status: "refused", formError: tooManySubmissionsMessage, ...retry } };
    if (error instanceof OverQuotaError) return { status: 429, result: { status: "refused", formError: photoQuotaMessage(company.phone), ...retry } };
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

/** What the visitor typed, to put back in the form when we refuse it (capped: it goes back into a page). */
export function submittedValues(fields: Record<string, string>): SubmittedValues {
  return Object.fromEntries(
    requestFieldNames.filter((field) => typeof fields[field] === "string").map((field) => [field, (fields[field] as string).slice(0, 2000)]),
  );
}
