import { eq, getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { defaultCompany } from "#app/content/company.ts";
import { defaultHero, defaultReasons, defaultTrustBadges, defaultTrustBadgesSection } from "#app/content/defaults.ts";
import { testBackends, type TestDatabase } from "#tests/support/databases.ts";
import { openDatabase } from "./client.ts";
import { LockedError } from "./lock-file.ts";
import * as schema from "./schema.ts";
import { heroContent, officeNotifications, reasonsContent, siteSettings, trustBadges, trustBadgesSection } from "./schema.ts";
import { seedDefaults } from "./seed.ts";

describe.each(testBackends)("database on $name", (backend) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await backend.open();
  });
  afterEach(async () => {
    await database.dispose();
  });

  it("applies the migrations: every table of the schema exists", async () => {
    const result = await database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    const schemaTables = Object.values(schema)
      .filter((value) => is(value, PgTable))
      .map((table) => getTableName(table))
      .sort();
    expect(schemaTables).toContain("users");
    expect((result as unknown as { rows: { table_name: string }[] }).rows.map((row) => row.table_name)).toEqual(schemaTables);
  });

  it("seeds the defaults on the first start", async () => {
    expect(await seedDefaults(database.db)).toBe(true);
    const [settings] = await database.db.select().from(siteSettings);
    expect(settings).toMatchObject({
      companyName: defaultCompany.name,
      phoneNumber: defaultCompany.phone,
      officeEmail: defaultCompany.officeEmail,
      address: defaultCompany.address,
      emergencyMessage: defaultCompany.emergencyMessage,
    });
    expect(await database.db.select().from(heroContent)).toMatchObject([defaultHero]);
    expect(await database.db.select().from(officeNotifications)).toMatchObject([{ recipients: [defaultCompany.officeEmail] }]);
    expect(await database.db.select().from(trustBadgesSection)).toMatchObject([defaultTrustBadgesSection]);
    expect(await database.db.select().from(reasonsContent)).toMatchObject([defaultReasons]);
    const badges = await database.db.select().from(trustBadges).orderBy(trustBadges.displayOrder);
    expect(badges.map(({ name, logoUrl, displayOrder, isActive }) => ({ name, logoUrl, displayOrder, isActive }))).toEqual(
      defaultTrustBadges.map((badge, index) => ({ ...badge, displayOrder: index + 1, isActive: true })),
    );
  });

  it("seeds only once, and never brings back what staff changed or deleted", async () => {
    await seedDefaults(database.db);
    await database.db.delete(trustBadges);
    await database.db.update(siteSettings).set({ phoneNumber: "(215) 555-0199" });

    expect(await seedDefaults(database.db)).toBe(false);
    expect(await database.db.select().from(trustBadges)).toEqual([]);
    const [settings] = await database.db.select().from(siteSettings);
    expect(settings?.phoneNumber).toBe("(215) 555-0199");
  });

  it("seeds once when two starts race", async () => {
    const results = await Promise.all([seedDefaults(database.db), seedDefaults(database.db)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await database.db.select().from(trustBadges)).toHaveLength(defaultTrustBadges.length);
  });

  it("keeps single-row tables to one row", async () => {
    await seedDefaults(database.db);
    await expect(
      database.db.insert(heroContent).values({ ...defaultHero, id: 2 }),
    ).rejects.toThrow();
    expect(await database.db.select().from(heroContent).where(eq(heroContent.id, 1))).toHaveLength(1);
  });

});

describe("embedded database in a data folder", () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), "pglite-test-"));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it("keeps its data across restarts and refuses a second opener", async () => {
    const location = { kind: "pglite", dataDir: path.join(dataDir, "db") } as const;
    const first = await openDatabase(location);
    await seedDefaults(first.db);
    await expect(openDatabase(location)).rejects.toThrow(LockedError);
    await first.close();

    const reopened = await openDatabase(location);
    try {
      expect(await seedDefaults(reopened.db)).toBe(false);
      expect(await reopened.db.select().from(trustBadges)).toHaveLength(defaultTrustBadges.length);
    } finally {
      await reopened.close();
    }
  });
});
