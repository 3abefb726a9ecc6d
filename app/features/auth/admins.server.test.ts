import { isNull } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "#server/db/client.ts";
import { adminSetupTokens } from "#server/db/schema.ts";
import { postgresBackend, testBackends, type TestDatabase } from "#tests/support/databases.ts";
import { createAccount } from "#tests/support/staff.ts";
import { issueSetupLink, setupLinkUsable, setupTokenLifetimeMs, type SetupLink } from "./admins.server.ts";

const site = "https://www.example.com";
const tokenOf = (link: SetupLink | null) => (link?.issued ? (new URL(link.link).searchParams.get("token") ?? "") : "");
const hourMs = 60 * 60 * 1000;

describe.each(testBackends)("the first administrator's setup link on $name", (backend) => {
  let database: TestDatabase;
  const clock = new Date("2026-03-02T09:00:00Z");
  beforeEach(async () => {
    database = await backend.open();
  });
  afterEach(() => database.dispose());

  it("is made once: a later start learns when it expires instead of making another", async () => {
    const first = await issueSetupLink(database.db, site, clock);
    expect(first).toEqual({ issued: true, link: expect.stringMatching(/^https:\/\/www\.example\.com\/auth\/setup\?token=[\w-]{43}$/), expiresAt: new Date(clock.getTime() + setupTokenLifetimeMs) });
    const later = new Date(clock.getTime() + hourMs);
    expect(await issueSetupLink(database.db, site, later)).toEqual({ issued: false, expiresAt: first?.expiresAt });
    expect(await setupLinkUsable(database.db, tokenOf(first), later)).toBe(true);

    // Once it has expired, the next start makes a new one.
    const dayLater = new Date(clock.getTime() + setupTokenLifetimeMs + 1);
    const next = await issueSetupLink(database.db, site, dayLater);
    expect(next?.issued).toBe(true);
    expect(tokenOf(next)).not.toBe(tokenOf(first));
  });

  it("is replaced on request, and the link it replaces stops working", async () => {
    const first = await issueSetupLink(database.db, site, clock);
    const replaced = await issueSetupLink(database.db, site, clock, { replace: true });
    expect(replaced?.issued).toBe(true);
    expect(await setupLinkUsable(database.db, tokenOf(first), clock)).toBe(false);
    expect(await setupLinkUsable(database.db, tokenOf(replaced), clock)).toBe(true);
  });

  it("is neither made nor mentioned once an administrator exists", async () => {
    await createAccount(database.db, "boss@example.com", "admin");
    expect(await issueSetupLink(database.db, site, clock)).toBeNull();
    expect(await issueSetupLink(database.db, site, clock, { replace: true })).toBeNull();
  });

  it("is made by one of three starts at the same moment; the others learn of it", async () => {
    const links = await Promise.all([1, 2, 3].map(() => issueSetupLink(database.db, site, clock)));
    expect(links.filter((link) => link?.issued)).toHaveLength(1);
    expect(new Set(links.map((link) => link?.expiresAt.getTime()))).toEqual(new Set([clock.getTime() + setupTokenLifetimeMs]));
    expect(await database.db.select().from(adminSetupTokens).where(isNull(adminSetupTokens.usedAt))).toHaveLength(1);
  });
});

describe.skipIf(!postgresBackend)("setup links on PostgreSQL", () => {
  it("are made once by 3 instances, each with its own connections, racing 10 times over", async () => {
    if (!postgresBackend) throw new Error("TEST_DATABASE_URL is not set");
    for (let round = 0; round < 10; round++) {
      const database = await postgresBackend.open();
      const instances = await Promise.all([1, 2, 3].map(() => openDatabase({ kind: "postgres", url: database.url })));
      try {
        const links = await Promise.all(instances.map((instance) => issueSetupLink(instance.db, site)));
        expect(links.filter((link) => link?.issued)).toHaveLength(1);
      } finally {
        await Promise.all(instances.map((instance) => instance.close()));
        await database.dispose();
      }
    }
  });
});
