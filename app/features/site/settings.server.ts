import { defaultCompany, type CompanySettings } from "#app/content/company.ts";
import type { AppContext } from "#server/context.ts";
import { siteSettings } from "#server/db/schema.ts";

/** The company's identity for every page; a database failure is logged and the defaults stand in. */
export async function loadCompanySettings({ db, logger }: Pick<AppContext, "db" | "logger">): Promise<CompanySettings> {
  try {
    const [row] = await db.select().from(siteSettings).limit(1);
    if (!row) return { ...defaultCompany };
    return {
      name: row.companyName,
      phone: row.phoneNumber,
      officeEmail: row.officeEmail,
      address: row.address,
      emergencyMessage: row.emergencyMessage,
    };
  } catch (error) {
    logger.error({ err: error }, "Error loading site settings:");
    return { ...defaultCompany };
  }
}
