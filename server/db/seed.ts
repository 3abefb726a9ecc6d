import { defaultCompany } from "#app/content/company.ts";
import { defaultHero, defaultReasons, defaultTrustBadges, defaultTrustBadgesSection } from "#app/content/defaults.ts";
import type { Database } from "./client.ts";
import { heroContent, reasonsContent, siteSettings, trustBadges, trustBadgesSection } from "./schema.ts";

/**
 * Fills the default content on the very first start only. The settings row is the marker:
 * whoever inserts it seeds the rest in the same transaction, so a restart (or a second
 * instance starting at the same moment) never re-adds what staff deleted.
 * Returns whether this call seeded.
 */
export async function seedDefaults(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(siteSettings)
      .values({
        companyName: defaultCompany.name,
        phoneNumber: defaultCompany.phone,
        officeEmail: defaultCompany.officeEmail,
        address: defaultCompany.address,
        emergencyMessage: defaultCompany.emergencyMessage,
      })
      .onConflictDoNothing()
      .returning({ id: siteSettings.id });
    if (inserted.length === 0) return false;

    await tx.insert(heroContent).values(defaultHero).onConflictDoNothing();
    await tx.insert(trustBadgesSection).values(defaultTrustBadgesSection).onConflictDoNothing();
    await tx.insert(trustBadges).values(defaultTrustBadges.map((badge, index) => ({ ...badge, displayOrder: index + 1 })));
    await tx
      .insert(reasonsContent)
      .values({ ...defaultReasons, reasons: defaultReasons.reasons.map((reason) => ({ ...reason })) })
      .onConflictDoNothing();
    return true;
  });
}
