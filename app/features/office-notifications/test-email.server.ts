import { eq } from "drizzle-orm";
import { setTimeout as sleep } from "node:timers/promises";
import { requireAccess } from "#app/features/auth/guard.server.ts";
import { loadCompanySettings } from "#app/features/site/settings.server.ts";
import type { AppContext } from "#server/context.ts";
import { outboxMessages } from "#server/db/schema.ts";
import type { MailMessage } from "#server/mail.ts";
import { enqueueEmail } from "#server/outbox.ts";
import { loadNotificationRecipients } from "./recipients.server.ts";
import { testEmailIntent, type TestEmailResult } from "./test-email.ts";

function testEmailMessage(recipients: string[], companyName: string): MailMessage {
  return {
    to: recipients.join(", "),
    subject: `Test email - ${companyName} website`,
    text: [
      "Hello,",
      "",
      `This is a test email from the ${companyName} website, sent by an administrator.`,
      "It went to every address that receives new service requests:",
      "",
      ...recipients.map((recipient) => `  ${recipient}`),
      "",
      "If you can read this, new requests reach you too. Nothing else to do.",
      "",
    ].join("\n"),
  };
}

export interface TestEmailOptions {
  /** How long to wait for the outbox to deliver before answering "queued". */
  timeoutMs?: number;
  pollIntervalMs?: number;
}

/**
 * Sends a test email to the office's notification recipients through the outbox, as a new
 * request's email goes, and waits a few seconds at most for the outcome: delivered, written to a
 * file, failed, or still queued (with the reason of the attempt that failed, if one did).
 */
export async function sendTestEmail(
  context: Pick<AppContext, "db" | "logger" | "notifyOutbox">,
  { timeoutMs = 5_000, pollIntervalMs = 100 }: TestEmailOptions = {},
): Promise<TestEmailResult> {
  const [recipients, company] = await Promise.all([loadNotificationRecipients(context), loadCompanySettings(context)]);
  const id = await enqueueEmail(context.db, testEmailMessage(recipients, company.name), undefined, "Test email");
  context.notifyOutbox();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await context.db
      .select({ status: outboxMessages.status, attempts: outboxMessages.attempts, sentVia: outboxMessages.sentVia, lastError: outboxMessages.lastError })
      .from(outboxMessages)
      .where(eq(outboxMessages.id, id));
    if (!row) return { ok: false, message: "Test email failed: it was removed from the outbox before it was sent" };
    if (row.status === "sent") {
      return row.sentVia === "file"
        ? { ok: false, message: "Test email saved to file (no mail server configured)" }
        : { ok: true, message: `Test email sent to ${recipients.join(", ")}` };
    }
    if (row.status === "failed") return { ok: false, message: `Test email failed: ${row.lastError ?? "no reason recorded"}` };
    // A failed attempt waits at least 30 s for its retry: no use waiting for it here.
    if (row.attempts > 0 || Date.now() >= deadline) {
      const reason = row.lastError ? ` (${row.lastError})` : "";
      return { ok: false, message: `Test email queued; it has not been delivered yet${reason}` };
    }
    await sleep(pollIntervalMs);
  }
}

/** The "Send test email" button's action: administrators only, whichever page it is on. */
export async function testEmailAction({ request, context }: { request: Request; context: AppContext }): Promise<{ testEmail: TestEmailResult }> {
  const member = await requireAccess(request, context, "admin");
  const testEmail = await sendTestEmail(context);
  context.logger.info({ by: member.id, ok: testEmail.ok }, "Test email requested");
  return { testEmail };
}

/** Whether a post to an editor's page is the test email button's (read from a copy, so the editor's action can still read the form). */
export async function asksForTestEmail(request: Request): Promise<boolean> {
  const form = await request
    .clone()
    .formData()
    .catch(() => null);
  return form?.get("intent") === testEmailIntent;
}
