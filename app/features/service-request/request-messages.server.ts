import { and, count, eq, gt } from "drizzle-orm";
import type { CompanySettings } from "#app/content/company.ts";
import { holdsMessages, type RequestStatus } from "#app/domain/request-statuses.ts";
import { loadNotificationRecipients } from "#app/features/office-notifications/recipients.server.ts";
import { loadCompanyAndPromise } from "#app/features/site/settings.server.ts";
import type { AppContext } from "#server/context.ts";
import type { Database } from "#server/db/client.ts";
import { outboxMessages, serviceRequestPhotos, serviceRequests } from "#server/db/schema.ts";
import { enqueueEmail, enqueueWebhook } from "#server/outbox.ts";
import { notificationLabels, officeNotification, visitorConfirmation, webhookBody, type StoredRequestSummary } from "./notifications.server.ts";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** The messages a request can cause. */
export type RequestMessage = keyof typeof notificationLabels;

export interface MessageSettings {
  company: CompanySettings;
  /** Who at the office is emailed (an administrator's setting). */
  recipients: string[];
  publicUrl: string;
  callbackPromiseMinutes: number;
  webhookEnabled: boolean;
}

/** The settings a request's messages are written with, read as they stand now (the settings row once). */
export async function loadMessageSettings(context: Pick<AppContext, "db" | "logger" | "publicUrl" | "webhookEnabled">): Promise<MessageSettings> {
  const [{ company, callbackPromiseMinutes }, recipients] = await Promise.all([loadCompanyAndPromise(context), loadNotificationRecipients(context)]);
  return { company, recipients, callbackPromiseMinutes, publicUrl: context.publicUrl, webhookEnabled: context.webhookEnabled };
}

/** What a new request sends at once, by the spam defence's verdict. */
export function messagesOnArrival(status: RequestStatus, webhookEnabled: boolean): RequestMessage[] {
  if (status === "spam") return [];
  if (status === "suspected") return ["office"];
  return webhookEnabled ? ["office", "visitor", "webhook"] : ["office", "visitor"];
}

/** A visitor's confirmation that would arrive later than this would confuse more than reassure. */
export const visitorConfirmationWindowMs = 24 * 60 * 60 * 1000;
/** At most one confirmation per address in this time: a form is no way to flood someone's inbox from our sender. */
export const visitorConfirmationIntervalMs = 60 * 60 * 1000;

/** Whether a request to this address that arrived within the interval already has a confirmation (sent or waiting). */
async function confirmedRecently(tx: Transaction, email: string, now: Date): Promise<boolean> {
  const [row] = await tx
    .select({ total: count() })
    .from(outboxMessages)
    .innerJoin(serviceRequests, eq(serviceRequests.id, outboxMessages.requestId))
    .where(
      and(
        eq(serviceRequests.email, email),
        gt(serviceRequests.createdAt, new Date(now.getTime() - visitorConfirmationIntervalMs)),
        eq(outboxMessages.label, notificationLabels.visitor),
      ),
    );
  return (row?.total ?? 0) > 0;
}

/** Queues `messages` for a stored request in the caller's transaction; the outbox sends them once it commits. */
export async function queueRequestMessages(
  tx: Transaction,
  request: StoredRequestSummary,
  messages: readonly RequestMessage[],
  settings: MessageSettings,
  now: Date,
  suspectedBecause: string | null = null,
): Promise<void> {
  for (const message of messages) {
    if (message === "office") {
      const email = officeNotification(request, settings.company, settings.publicUrl, settings.recipients, suspectedBecause);
      await enqueueEmail(tx, email, request.id, notificationLabels.office);
    } else if (message === "visitor") {
      if (await confirmedRecently(tx, request.email, now)) continue;
      await enqueueEmail(tx, visitorConfirmation(request, settings.company, settings.callbackPromiseMinutes), request.id, notificationLabels.visitor);
    } else if (settings.webhookEnabled) {
      await enqueueWebhook(tx, webhookBody(request, settings.publicUrl), request.id, notificationLabels.webhook);
    }
  }
}

/**
 * Staff said "Not spam": sends what the spam defence held back, in the status change's
 * transaction. The office email and the webhook go at once (unless already sent); the visitor's
 * confirmation only while the request is under a day old. Returns the labels of what was queued.
 */
export async function releaseHeldMessages(tx: Transaction, requestId: string, settings: MessageSettings, now: Date): Promise<string[]> {
  const [request] = await tx.select().from(serviceRequests).where(eq(serviceRequests.id, requestId));
  if (!request) return [];
  const [photos, queued] = await Promise.all([
    tx.select({ total: count() }).from(serviceRequestPhotos).where(eq(serviceRequestPhotos.requestId, requestId)),
    tx.select({ label: outboxMessages.label }).from(outboxMessages).where(eq(outboxMessages.requestId, requestId)),
  ]);
  const queuedLabels = new Set(queued.map((row) => row.label));
  const recentEnough = now.getTime() - request.createdAt.getTime() < visitorConfirmationWindowMs;
  const release = messagesOnArrival("new", settings.webhookEnabled).filter(
    (message) => !queuedLabels.has(notificationLabels[message]) && (message !== "visitor" || recentEnough),
  );
  await queueRequestMessages(tx, { ...request, photoCount: photos[0]?.total ?? 0 }, release, settings, now);
  return release.map((message) => notificationLabels[message]);
}

/**
 * A status change's part in the spam decision, in its transaction: a change from spam or
 * suspected spam to a status that works the request is "Not spam", and releases what was held.
 */
export async function releaseIfNotSpam(
  tx: Transaction,
  requestId: string,
  from: RequestStatus,
  to: RequestStatus,
  settings: MessageSettings,
  now: Date,
): Promise<string[]> {
  return holdsMessages(from) && !holdsMessages(to) ? releaseHeldMessages(tx, requestId, settings, now) : [];
}
