import { asc, eq } from "drizzle-orm";
import { defaultHero, defaultReasons, defaultTrustBadges, defaultTrustBadgesSection } from "#app/content/defaults.ts";
import { defaultServices, type ServiceCard } from "#app/content/services.ts";
import { defaultTownIntro } from "#app/content/town-intros.ts";
import type { Hero, Reasons, TrustBadges } from "#app/domain/content-sections.ts";
import { isReasonIcon } from "#app/domain/icons.ts";
import type { AppContext } from "#server/context.ts";
import { heroContent, reasonsContent, serviceCards, townPages, trustBadges, trustBadgesSection } from "#server/db/schema.ts";

type Readers = Pick<AppContext, "db" | "logger">;

/** The hero falls back to the defaults (and logs) when it cannot be read; empty fields fall back one by one. */
export async function loadHero({ db, logger }: Readers): Promise<Hero> {
  try {
    const [row] = await db.select().from(heroContent).limit(1);
    if (!row) return { ...defaultHero };
    return {
      title: row.title || defaultHero.title,
      subtitle: row.subtitle || defaultHero.subtitle,
      description: row.description || defaultHero.description,
      buttonText: row.buttonText || defaultHero.buttonText,
      backgroundImageUrl: row.backgroundImageUrl,
      backgroundImageAlt: row.backgroundImageAlt,
      backgroundImagePlaceholder: row.backgroundImagePlaceholder,
      storyImageUrl: row.storyImageUrl,
      storyImageAlt: row.storyImageAlt,
      storyImagePlaceholder: row.storyImagePlaceholder,
    };
  } catch (error) {
    logger.error({ err: error }, "Error loading hero content:");
    return { ...defaultHero };
  }
}

/**
 * The section's texts fall back to the defaults (logged, not fatal); a badge list
 * that cannot be read shows the six fallback badges. Only active badges, in display order.
 */
export async function loadTrustBadges({ db, logger }: Readers): Promise<TrustBadges> {
  const [section, badges] = await Promise.all([
    db
      .select({ headline: trustBadgesSection.headline, description: trustBadgesSection.description })
      .from(trustBadgesSection)
      .limit(1)
      .then(([row]) => row ?? defaultTrustBadgesSection)
      .catch((error: unknown) => {
        logger.error({ err: error }, "Error loading trust badges section:");
        return defaultTrustBadgesSection;
      }),
    db
      .select({ name: trustBadges.name, logoUrl: trustBadges.logoUrl })
      .from(trustBadges)
      .where(eq(trustBadges.isActive, true))
      .orderBy(asc(trustBadges.displayOrder))
      .catch((error: unknown) => {
        logger.error({ err: error }, "Error loading trust badges:");
        return defaultTrustBadges.map((badge) => ({ ...badge }));
      }),
  ]);
  return { headline: section.headline, description: section.description, badges };
}

/** The dynamic why-choose-us renders nothing when its row is missing or cannot be read; unknown icons become a star. */
export async function loadReasons({ db, logger }: Readers): Promise<Reasons | null> {
  try {
    const [row] = await db.select().from(reasonsContent).limit(1);
    if (!row) return null;
    const reasons = row.reasons.map((reason) => ({
      text: reason.text,
      icon: isReasonIcon(reason.icon) ? reason.icon : "star",
      detail: reason.detail ?? "",
    }));
    return { headline: row.headline, subheadline: row.subheadline, reasons };
  } catch (error) {
    logger.error({ err: error }, "Error loading reasons:");
    return null;
  }
}

/** The why-choose-us of the home and service pages: the Mission content, or the spec's six reasons when it is missing or cannot be read. */
export async function loadWhyChooseUs(readers: Readers): Promise<Reasons> {
  return (
    (await loadReasons(readers)) ?? {
      ...defaultReasons,
      reasons: defaultReasons.reasons.map((reason) => ({ ...reason })),
    }
  );
}

const serviceLinks = new Map<string, string>(defaultServices.map((service) => [service.slug, service.href]));

/** The service cards in their order; the fixed copy stands in when none are stored or they cannot be read. */
export async function loadServices({ db, logger }: Readers): Promise<ServiceCard[]> {
  try {
    const rows = await db.select().from(serviceCards).orderBy(asc(serviceCards.position));
    if (rows.length === 0) return defaultServices.map((service) => ({ ...service }));
    return rows.map(({ slug, icon, title, subtitle, summary, description, subcategories, featured, imageUrl }) => ({
      slug,
      icon,
      title,
      subtitle,
      summary,
      description,
      subcategories,
      featured,
      imageUrl,
      href: serviceLinks.get(slug) ?? "/",
    }));
  } catch (error) {
    logger.error({ err: error }, "Error loading services:");
    return defaultServices.map((service) => ({ ...service }));
  }
}

/** A town page's intro as the office saved it ("" when they cleared it); the fixed copy's when never saved or unreadable. */
export async function loadTownIntro({ db, logger }: Readers, slug: string): Promise<string> {
  try {
    const [row] = await db.select({ intro: townPages.intro }).from(townPages).where(eq(townPages.slug, slug));
    return row ? row.intro : defaultTownIntro(slug);
  } catch (error) {
    logger.error({ err: error }, "Error loading a town's intro:");
    return defaultTownIntro(slug);
  }
}
