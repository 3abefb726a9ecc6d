import { defaultCompany, type CompanySettings } from "#app/content/company.ts";
import { defaultCallbackPromiseMinutes } from "#app/features/service-request/callback-promise.ts";
import type { AppContext } from "#server/context.ts";
import { siteSettings } from "#server/db/schema.ts";

type SettingsRow = typeof siteSettings.$inferSelect;

function companyOf(row: SettingsRow | undefined): CompanySettings {
  if (!row) return { ...defaultCompany };
  return {
    name: row.companyName,
    phone: row.phoneNumber,
    officeEmail: row.officeEmail,
    address: row.address,
    emergencyMessage: row.emergencyMessage,
  };
}

/** The call-back promise a stored setting gives: the default when there is none that makes sense. */
export function callbackPromiseOf(minutes: number | undefined): number {
  return minutes !== undefined && minutes > 0 ? minutes : defaultCallbackPromiseMinutes;
}

/** The company's identity for every page; a database failure is logged and the defaults stand in. */
export async function loadCompanySettings({ db, logger }: Pick<AppContext, "db" | "logger">): Promise<CompanySettings> {
  try {
    const [row] = await db.select().from(siteSettings).limit(1);
    return companyOf(row);
  } catch (error) {
    logger.error({ err: error }, "Error loading site settings:");
    return { ...defaultCompany };
  }
}

/** The company's identity and the call-back promise from one read of the settings row; the defaults when the database cannot say. */
export async function loadCompanyAndPromise({ db, logger }: Pick<AppContext, "db" | "logger">): Promise<{ company: CompanySettings; callbackPromiseMinutes: number }> {
  try {
    const [row] = await db.select().from(siteSettings).limit(1);
    return { company: companyOf(row), callbackPromiseMinutes: callbackPromiseOf(row?.callbackPromiseMinutes) };
  } catch (error) {
    logger.error({ err: error }, "Error loading site settings:");
    return { company: { ...defaultCompany }, callbackPromiseMinutes: defaultCallbackPromiseMinutes };
  }
}
