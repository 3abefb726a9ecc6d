import type { CompanySettings } from "#app/content/company.ts";
import { normalizeTypedText } from "#app/utils/typed-text.ts";
import type { MailMessage } from "#server/mail.ts";
import { officeTimeZone } from "#app/domain/office-time.ts";
import type { RequestSource } from "#app/domain/request-statuses.ts";
import { callbackPromiseText } from "./callback-promise.ts";
import { fieldOrder, photosStep, requestField, requestFields, stepOfField, type RequestAnswers } from "./catalogue.ts";

/** What the emails about a stored request need to know about it: every answer, and what the site added. */
export interface StoredRequestSummary extends RequestAnswers {
  id: string;
  createdAt: Date;
  urgent: boolean;
  photoCount: number;
  /** A phone call staff logged, rather than the website's form (which leaves these out). */
  source?: RequestSource;
  loggedByEmail?: string;
}

/** Where staff open a request, within the site. */
export function adminRequestPath(id: string): string {
  return `/admin/requests/${encodeURIComponent(id)}`;
}

/** Where staff open a request. */
export function adminRequestUrl(publicUrl: string, id: string): string {
  return `${publicUrl.replace(/\/+$/, "")}${adminRequestPath(id)}`;
}

/** What the outgoing webhook posts for a new request: every answer the catalogue gives a key, never the photos' bytes. */
export function webhookBody(request: StoredRequestSummary, publicUrl: string): Record<string, unknown> {
  return {
    id: request.id,
    createdAt: request.createdAt.toISOString(),
    urgent: request.urgent,
    ...Object.fromEntries(requestFields.flatMap((entry) => (entry.shown.webhook ? [[entry.shown.webhook, request[entry.name]]] : []))),
    photoCount: request.photoCount,
    source: request.source ?? "web",
    adminUrl: adminRequestUrl(publicUrl, request.id),
  };
}

/** Staff's names for the request's messages, shown with each delivery's state. */
export const notificationLabels = { office: "Office email", visitor: "Visitor email", webhook: "Copy to your other software (webhook)" } as const;

const officeTime = new Intl.DateTimeFormat("en-US", {
  timeZone: officeTimeZone,
  weekday: "long",
  year: "numeric",
  month: "long",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
});

/** "Friday, January 31, 2025 at 9:05 AM EST": the office's own time, wherever the server runs. */
export function formatReceivedAt(date: Date): string {
  return officeTime.format(date);
}

/** A header never carries a line break, whatever was typed into the form. */
function oneLine(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}

/**
 * `Label: value`, with "-" for nothing and every further line of an answer indented by two spaces:
 * the intake's own normalisation changes nothing here, so dropping those two spaces gives back the stored text.
 */
function field(label: string, value: string): string {
  const text = normalizeTypedText(value);
  return `${label}: ${text === "" ? "-" : text.replace(/\n/g, "\n  ")}`;
}

/**
 * The office email's answers, in the order the visitor gave them, with a blank line before the
 * contact details and before the photos.
 */
function answerLines(request: StoredRequestSummary): string[] {
  let previousStep = 1;
  return fieldOrder.flatMap((name) => {
    const step = stepOfField(name);
    const lines = step !== previousStep && step <= photosStep ? [""] : [];
    previousStep = step;
    if (name === "photos") return [...lines, field("Photos", String(request.photoCount))];
    const entry = requestField(name);
    return entry.shown.officeEmail ? [...lines, field(entry.label, request[name])] : lines;
  });
}

function photoCountText(count: number): string {
  if (count === 0) return "none";
  return count === 1 ? "1 photo" : `${count} photos`;
}

/**
 * Tells the office's notification recipients, in one email, about a new request: everything the
 * visitor sent and where to open it. A request the spam defence only suspects says so, in the
 * subject and first, with why.
 */
export function officeNotification(
  request: StoredRequestSummary,
  company: CompanySettings,
  publicUrl: string,
  recipients: string[],
  suspectedBecause: string | null = null,
): MailMessage {
  const link = adminRequestUrl(publicUrl, request.id);
  const suspicion = suspectedBecause
    ? [
        `SUSPECTED SPAM: ${suspectedBecause}`,
        'It may still be a real person. If it is, open it and choose "Not spam": the visitor then gets the confirmation email.',
        "",
      ]
    : [];
  const phoneCall = request.source === "phone";
  const arrival = phoneCall ? `${request.loggedByEmail} logged a phone call as a new service request.` : "A new service request arrived through the website.";
  const text = [
    ...suspicion,
    request.urgent ? `URGENT: call back first. ${arrival}` : arrival,
    "",
    ...answerLines(request),
    "",
    field("Received", formatReceivedAt(request.createdAt)),
    field("Request ID", request.id),
    "",
    "Open the request:",
    link,
    "",
    `Reply to this email to write to ${oneLine(request.firstName)} directly.`,
    "",
    `-- ${company.name} website`,
    "",
  ].join("\n");
  return {
    to: recipients.join(", "),
    replyTo: request.email,
    subject: oneLine(
      `${suspectedBecause ? "Suspected spam: " : ""}${request.urgent ? "URGENT " : ""}New service request${phoneCall ? " (phone call)" : ""}: ${request.problem} - ${request.firstName} ${request.lastName}`,
    ),
    text,
  };
}

/** The short reference a visitor can quote on the phone: the first block of the request's id. */
export function requestReference(id: string): string {
  return id.slice(0, 8).toUpperCase();
}

/**
 * Reassures the visitor that the request arrived, and how to reach someone right now. It goes to
 * whatever address was typed, so it carries nothing typed: a robot cannot use our sender to
 * deliver its own words. Only our choices (the problem type), our promise, our number and a reference.
 */
export function visitorConfirmation(request: StoredRequestSummary, company: CompanySettings, callbackPromiseMinutes: number): MailMessage {
  const text = [
    "Hello,",
    "",
    `Thank you for contacting ${company.name}. We received your request about ${request.problem.toLowerCase()}, and one of our restoration specialists will review it and reach out to you shortly.`,
    callbackPromiseText(callbackPromiseMinutes),
    "",
    `If this is an emergency, please call us now at ${company.phone}. We answer any time, day or night, 24/7.`,
    "",
    field("Your request reference", requestReference(request.id)),
    field("Photos received", photoCountText(request.photoCount)),
    "",
    "If anything has changed, just reply to this email or give us a call. If you did not send this request, you can ignore this email.",
    "",
    company.emergencyMessage,
    "",
    company.name,
    company.phone,
    company.address,
    "",
  ].join("\n");
  return {
    to: request.email,
    // The visitor's reply reaches the office, whatever address the site sends from.
    replyTo: company.officeEmail,
    subject: oneLine(`We received your request - ${company.name}`),
    text,
  };
}
