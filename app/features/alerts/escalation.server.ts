import { and, eq, isNull, lte } from "drizzle-orm";
import { loadCallbackPromiseMinutes } from "#app/features/site/callback-promise.server.ts";
import { adminRequestUrl } from "#app/features/service-request/notifications.server.ts";
import type { Database } from "#server/db/client.ts";
import { alertSettings, serviceRequests, users } from "#server/db/schema.ts";
import type { Logger } from "#server/logger.ts";
import type { MailMessage } from "#server/mail.ts";
import { enqueueEmail } from "#server/outbox.ts";
import { newRequestPush, queuePushToRole, queuePushToUsers } from "./push.server.ts";

export const defaultEscalationMinutes = 10;

export async function loadEscalationMinutes(db: Pick<Database, "select">): Promise<number> {
  const [row] = await db.select({ minutes: alertSettings.escalationMinutes }).from(alertSettings).limit(1);
  return row?.minutes ?? defaultEscalationMinutes;
}

export async function saveEscalationMinutes(db: Database, minutes: number, now = new Date()): Promise<void> {
  await db
    .insert(alertSettings)
    .values({ id: 1, escalationMinutes: minutes, updatedAt: now })
    .onConflictDoUpdate({ target: alertSettings.id, set: { escalationMinutes: minutes, updatedAt: now } });
}

const summaryColumns = {
  id: serviceRequests.id,
  createdAt: serviceRequests.createdAt,
  problem: serviceRequests.problem,
  problemDescription: serviceRequests.problemDescription,
  firstName: serviceRequests.firstName,
  lastName: serviceRequests.lastName,
  phone: serviceRequests.phone,
  email: serviceRequests.email,
  address: serviceRequests.address,
  referralSource: serviceRequests.referralSource,
  referralOther: serviceRequests.referralOther,
  additionalComments: serviceRequests.additionalComments,
  sourceStopped: serviceRequests.sourceStopped,
  standingWater: serviceRequests.standingWater,
  insuranceCompany: serviceRequests.insuranceCompany,
  claimNumber: serviceRequests.claimNumber,
  urgent: serviceRequests.urgent,
  assigneeId: serviceRequests.assigneeId,
};
type Overdue = { [Key in keyof typeof summaryColumns]: (typeof summaryColumns)[Key]["_"]["data"] };

function alertEmail(request: Pick<Overdue, "id" | "firstName" | "lastName" | "problem" | "phone">, to: string[], publicUrl: string, subject: string, opening: string): MailMessage {
  const name = `${request.firstName} ${request.lastName}`.replace(/\s+/g, " ").trim();
  return {
    to: to.join(", "),
    subject: `${subject} - ${request.problem} - ${name}`.replace(/\s+/g, " "),
    text: [opening, "", `Problem: ${request.problem}`, `Name: ${name}`, `Phone: ${request.phone}`, "", "Open the request:", adminRequestUrl(publicUrl, request.id), ""].join("\n"),
  };
}

export interface AlertCheckResult {
  escalated: number;
  callbackAlerts: number;
}

/**
 * The timed alerts, run every half minute on every instance: each request is claimed with a
 * conditional UPDATE … RETURNING in the transaction that queues its alerts, so whichever instance
 * gets there first alerts once and the others find nothing left to claim.
 *
 * - An urgent request still new and unacknowledged after the escalation time: every administrator,
 *   by push and by email, "Escalation:" first.
 * - A request past the call-back promise and still new (not contacted): its assignee, or the
 *   administrators when nobody is assigned, once.
 */
export async function runAlertChecks(db: Database, { publicUrl, logger, now = new Date() }: { publicUrl: string; logger: Logger; now?: Date }): Promise<AlertCheckResult> {
  const [escalationMinutes, promiseMinutes] = await Promise.all([loadEscalationMinutes(db), loadCallbackPromiseMinutes({ db, logger })]);
  return db.transaction(async (tx) => {
    const admins = (await tx.select({ email: users.email }).from(users).where(eq(users.role, "admin"))).map((admin) => admin.email);
    const waiting = and(eq(serviceRequests.status, "new"), lte(serviceRequests.createdAt, new Date(now.getTime() - escalationMinutes * 60_000)));
    const escalated = await tx
      .update(serviceRequests)
      .set({ escalatedAt: now })
      .where(and(waiting, eq(serviceRequests.urgent, true), isNull(serviceRequests.acknowledgedAt), isNull(serviceRequests.escalatedAt)))
      .returning(summaryColumns);
    for (const request of escalated) {
      const alert = newRequestPush({ ...request, photoCount: 0 });
      await queuePushToRole(tx, "admin", { ...alert, title: `Escalation: ${alert.title}, nobody on it after ${escalationMinutes} min` });
      if (admins.length === 0) continue;
      const opening = `Escalation: this urgent request has waited ${escalationMinutes} minutes and nobody has said "I'm on it" or contacted the customer.`;
      await enqueueEmail(tx, alertEmail(request, admins, publicUrl, "Escalation: URGENT request waiting", opening), request.id, "Escalation email");
    }
    const overdue = await tx
      .update(serviceRequests)
      .set({ callbackAlertedAt: now })
      .where(
        and(
          eq(serviceRequests.status, "new"),
          eq(serviceRequests.urgent, false),
          // The promise is the website's, made to visitors; a logged phone call was answered already.
          eq(serviceRequests.source, "web"),
          isNull(serviceRequests.callbackAlertedAt),
          lte(serviceRequests.createdAt, new Date(now.getTime() - promiseMinutes * 60_000)),
        ),
      )
      .returning(summaryColumns);
    for (const request of overdue) {
      const alert = newRequestPush({ ...request, photoCount: 0 });
      const push = { ...alert, title: `Call-back promise passed: ${request.problem}` };
      const [assignee] = request.assigneeId ? await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, request.assigneeId)) : [];
      if (assignee) await queuePushToUsers(tx, [assignee.id], push);
      else await queuePushToRole(tx, "admin", push);
      const recipients = assignee ? [assignee.email] : admins;
      if (recipients.length === 0) continue;
      const opening = `The call-back promise (${promiseMinutes} minutes) has passed and the customer is not marked as contacted.`;
      await enqueueEmail(tx, alertEmail(request, recipients, publicUrl, "Call-back promise passed", opening), request.id, "Call-back alert email");
    }
    return { escalated: escalated.length, callbackAlerts: overdue.length };
  });
}
