import { sql } from "drizzle-orm";
import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { defaultCompany } from "#app/content/company.ts";
import { defaultHero, defaultTrustBadges, defaultTrustBadgesSection } from "#app/content/defaults.ts";
import { defaultServices } from "#app/content/services.ts";
import { heroContent, reasonsContent, serviceCards, siteSettings, trustBadges, trustBadgesSection } from "#server/db/schema.ts";
import { seedDefaults } from "#server/db/seed.ts";
import { testBackends, type TestDatabase } from "#tests/support/databases.ts";
import { loadHero, loadReasons, loadServices, loadTrustBadges } from "./public-sections.server.ts";
import { loadCompanySettings } from "./settings.server.ts";

/** A logger that remembers what was logged at error level. */
function recordingLogger() {
  const errors: string[] = [];
  const logger = pino({ level: "error" }, { write: (line: string) => errors.push((JSON.parse(line) as { msg: string }).msg) });
  return { logger, errors };
}

describe.each(testBackends)("public content on $name", (backend) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await backend.open();
  });
  afterEach(() => database.dispose());

  it("reads the hero and the active badges in display order", async () => {
    await seedDefaults(database.db);
    await database.db.update(heroContent).set({ subtitle: "READY WHEN YOU ARE", buttonText: "" });
    await database.db
      .update(trustBadges)
      .set({ isActive: false })
      .where(sql`${trustBadges.displayOrder} = 2`);
    await database.db
      .update(trustBadges)
      .set({ displayOrder: 0 })
      .where(sql`${trustBadges.displayOrder} = 6`);
    const { logger, errors } = recordingLogger();
    expect(await loadHero({ db: database.db, logger })).toMatchObject({
      subtitle: "READY WHEN YOU ARE",
      buttonText: "GET A FREE ASSESSMENT",
    });
    const loaded = await loadTrustBadges({ db: database.db, logger });
    expect(loaded.headline).toBe("TRUSTED BY OUR AREA'S BEST");
    expect(loaded.badges.map((badge) => badge.name)).toEqual([
      "Delaware Valley Electric",
      "5.0 Star Reviews",
      "EPA Lead-Safe Certified",
      "Keystone Plumbing Co.",
      "Liberty Roofing",
    ]);
    expect(errors).toEqual([]);
  });

  it("reads the reasons, with a star for an icon it does not know", async () => {
    await seedDefaults(database.db);
    await database.db.update(reasonsContent).set({
      reasons: [
        { text: "Fast", icon: "clock" },
        { text: "Odd", icon: "rocket" as "star" },
      ],
    });
    const { logger } = recordingLogger();
    expect(await loadReasons({ db: database.db, logger })).toMatchObject({
      reasons: [
        { text: "Fast", icon: "clock" },
        { text: "Odd", icon: "star" },
      ],
    });
  });

  it("uses the defaults, without a word logged, when the rows are missing", async () => {
    const { logger, errors } = recordingLogger();
    expect(await loadHero({ db: database.db, logger })).toEqual(defaultHero);
    expect(await loadTrustBadges({ db: database.db, logger })).toEqual({ ...defaultTrustBadgesSection, badges: [] });
    expect(await loadReasons({ db: database.db, logger })).toBeNull();
    expect(await loadCompanySettings({ db: database.db, logger })).toEqual(defaultCompany);
    expect(await loadServices({ db: database.db, logger })).toEqual(defaultServices);
    expect(errors).toEqual([]);
  });

  it("reads the saved company details and service cards, each card keeping its page link", async () => {
    await seedDefaults(database.db);
    await database.db.update(siteSettings).set({ companyName: "Ready Crew", phoneNumber: "(215) 555-0199" });
    await database.db.update(serviceCards).set({ title: "Storm Response" }).where(sql`${serviceCards.slug} = 'storm'`);
    const { logger, errors } = recordingLogger();
    expect(await loadCompanySettings({ db: database.db, logger })).toEqual({ ...defaultCompany, name: "Ready Crew", phone: "(215) 555-0199" });
    const services = await loadServices({ db: database.db, logger });
    expect(services.map((service) => service.slug)).toEqual(defaultServices.map((service) => service.slug));
    expect(services.at(-1)).toEqual({ ...defaultServices.at(-1), title: "Storm Response" });
    expect(errors).toEqual([]);
  });

  it("a missing section row gives the default headline, while the badges still come from the database", async () => {
    await seedDefaults(database.db);
    await database.db.delete(trustBadgesSection);
    await database.db.update(trustBadges).set({ name: "Our Own Badge" }).where(sql`${trustBadges.displayOrder} = 1`);
    const { logger, errors } = recordingLogger();
    const loaded = await loadTrustBadges({ db: database.db, logger });
    expect(loaded).toMatchObject(defaultTrustBadgesSection);
    expect(loaded.badges[0]?.name).toBe("Our Own Badge");
    expect(errors).toEqual([]);
  });

  it("when only the badge list fails, the section keeps its own texts and the six fallback badges show, logged", async () => {
    await seedDefaults(database.db);
    await database.db.update(trustBadgesSection).set({ headline: "OUR PARTNERS" });
    await database.db.execute(sql`drop table ${trustBadges}`);
    const { logger, errors } = recordingLogger();
    expect(await loadTrustBadges({ db: database.db, logger })).toMatchObject({ headline: "OUR PARTNERS", badges: defaultTrustBadges });
    expect(errors).toEqual(["Error loading trust badges:"]);
  });

  it("a hero row with empty texts falls back field by field, without a word logged", async () => {
    await seedDefaults(database.db);
    await database.db.update(heroContent).set({ title: "", subtitle: "", description: "", buttonText: "", backgroundImageUrl: null });
    const { logger, errors } = recordingLogger();
    expect(await loadHero({ db: database.db, logger })).toEqual(defaultHero);
    expect(errors).toEqual([]);
  });

  it("a reasons row with an empty list renders its headline and no reasons", async () => {
    await seedDefaults(database.db);
    await database.db.update(reasonsContent).set({ headline: "Why Us", reasons: [] });
    const { logger, errors } = recordingLogger();
    expect(await loadReasons({ db: database.db, logger })).toMatchObject({ headline: "Why Us", reasons: [] });
    expect(errors).toEqual([]);
  });

  it("falls back to the defaults and the six fallback badges, and logs, when the database fails", async () => {
    await database.close();
    const { logger, errors } = recordingLogger();
    expect(await loadHero({ db: database.db, logger })).toEqual(defaultHero);
    expect(await loadTrustBadges({ db: database.db, logger })).toEqual({ ...defaultTrustBadgesSection, badges: defaultTrustBadges });
    expect(await loadReasons({ db: database.db, logger })).toBeNull();
    expect(await loadCompanySettings({ db: database.db, logger })).toEqual(defaultCompany);
    expect(await loadServices({ db: database.db, logger })).toEqual(defaultServices);
    expect(errors.sort()).toEqual([
      "Error loading hero content:",
      "Error loading reasons:",
      "Error loading services:",
      "Error loading site settings:",
      "Error loading trust badges section:",
      "Error loading trust badges:",
    ]);
  });
});
