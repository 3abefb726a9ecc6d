import { defaultCompany } from "#app/content/company.ts";
import { defaultHero, defaultReasons, defaultTrustBadges, defaultTrustBadgesSection } from "#app/content/defaults.ts";
import { defaultServices } from "#app/content/services.ts";
import type { Database } from "./client.ts";
import { heroContent, officeNotifications, reasonsContent, serviceCards, siteSettings, trustBadges, trustBadgesSection } from "./schema.ts";

/**
 * Fills the default content on the very first start only. The settings row is the marker:
 * whoever inserts it seeds the rest in the same transaction, so a restart (or a second
 * instance starting at the same moment) never re-adds what staff deleted.
 * Returns whether this call seeded.
 */
export async function seedDefaults(db: Database): Promise<boolean> {
  // The service cards are edited, never deleted: a site installed before they were stored gets them on its next start.
  await db
    .insert(serviceCards)
    .values(
      defaultServices.map(({ slug, icon, title, subtitle, summary, description, subcategories, featured, imageUrl }, index) => ({
        slug,
        position: index + 1,
        icon,
        title,
        subtitle,
        summary,
        description,
        subcategories,
        featured,
        imageUrl,
      })),
    )
    .onConflictDoNothing();
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

    await tx.insert(officeNotifications).values({ recipients: [defaultCompany.officeEmail] }).onConflictDoNothing();
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
