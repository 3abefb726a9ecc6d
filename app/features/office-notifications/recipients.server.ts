import { defaultCompany } from "#app/content/company.ts";
import type { AppContext } from "#server/context.ts";
import type { Database } from "#server/db/client.ts";
import { officeNotifications, siteSettings } from "#server/db/schema.ts";

/** Who is emailed about every new request; until an administrator sets them, the company's office email. */
export async function readNotificationRecipients(db: Pick<Database, "select">): Promise<string[]> {
  const [row] = await db.select({ recipients: officeNotifications.recipients }).from(officeNotifications).limit(1);
  if (row && row.recipients.length > 0) return row.recipients;
  const [settings] = await db.select({ officeEmail: siteSettings.officeEmail }).from(siteSettings).limit(1);
  return [settings?.officeEmail ?? defaultCompany.officeEmail];
}

/** The recipients for a new request's email; a database failure is logged and the default office email stands in. */
export async function loadNotificationRecipients({ db, logger }: Pick<AppContext, "db" | "logger">): Promise<string[]> {
  try {
    return await readNotificationRecipients(db);
  } catch (error) {
    logger.error({ err: error }, "Error loading the office notification recipients:");
    return [defaultCompany.officeEmail];
  }
}
