import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { requestStatusChanges } from "#server/db/schema.ts";
import { createFolderStorage, type ObjectStorage } from "#server/storage.ts";
import { testBackends, type TestDatabase } from "#tests/support/databases.ts";
import { storeRequest } from "#tests/support/requests.ts";
import { createAccount } from "#tests/support/staff.ts";
import { leadFigures, recentWeeks, weekStartOf } from "./figures.server.ts";

// A Wednesday noon in Philadelphia (EST): its week starts on Monday, November 16.
const now = new Date("2026-11-18T17:00:00Z");
const at = (iso: string) => new Date(iso);

describe("weeks", () => {
  it("start on Monday in the office's time zone", () => {
    expect(weekStartOf(now)).toBe("2026-11-16");
    // 02:00 UTC on Monday is still Sunday evening in Philadelphia.
    expect(weekStartOf(at("2026-11-16T02:00:00Z"))).toBe("2026-11-09");
    expect(weekStartOf(at("2026-11-16T06:00:00Z"))).toBe("2026-11-16");
  });

  it("are the last 12, oldest first", () => {
    const weeks = recentWeeks(now);
    expect(weeks).toHaveLength(12);
    expect(weeks[0]).toBe("2026-08-31");
    expect(weeks[11]).toBe("2026-11-16");
  });
});

describe.each(testBackends)("dashboard figures on $name", (backend) => {
  let database: TestDatabase;
  let uploads: string;
  let storage: ObjectStorage;

  beforeEach(async () => {
    database = await backend.open();
    uploads = mkdtempSync(path.join(tmpdir(), "figures-test-"));
    storage = createFolderStorage(uploads);
  });
  afterEach(async () => {
    await database.dispose();
    rmSync(uploads, { recursive: true, force: true });
  });

  it("counts requests per week by problem, top referral sources, the urgent share and the median time to contact", async () => {
    const seed = (createdAt: string, problem: string, extra: Parameters<typeof storeRequest>[2] = {}) =>
      storeRequest(database.db, storage, { createdAt: at(createdAt), problem, ...extra });
    // This week (from Monday, November 16).
    const first = await seed("2026-11-16T14:00:00Z", "Water damage", { urgent: true, referralSource: "Insurance company" });
    // A phone call staff logged counts like any request.
    const second = await seed("2026-11-17T14:00:00Z", "Water damage", { referralSource: "Insurance company", source: "phone" });
    const third = await seed("2026-11-18T12:00:00Z", "Fire damage", { urgent: true, referralSource: "Friend or neighbor" });
    // Last week, and Sunday evening in Philadelphia though Monday in UTC.
    await seed("2026-11-10T15:00:00Z", "Mold concern", { referralSource: "Insurance company" });
    await seed("2026-11-16T02:00:00Z", "Water damage");
    // Spam and requests older than 12 weeks count nowhere.
    await seed("2026-11-17T10:00:00Z", "Water damage", { status: "spam", urgent: true, referralSource: "Social media" });
    await seed("2026-08-01T10:00:00Z", "Storm damage", { referralSource: "Social media" });

    const actor = await createAccount(database.db, "office@example.com", "editor");
    const contacted = (requestId: string, createdAt: string) =>
      database.db
        .insert(requestStatusChanges)
        .values({ requestId, fromStatus: "new", toStatus: "contacted", changedById: actor, changedByEmail: "office@example.com", createdAt: at(createdAt) });
    await contacted(first.id, "2026-11-16T14:10:00Z"); // 10 minutes
    await contacted(second.id, "2026-11-17T14:30:00Z"); // 30 minutes
    await contacted(third.id, "2026-11-18T14:00:00Z"); // 120 minutes
    // Only the first time it was contacted counts.
    await contacted(third.id, "2026-11-18T16:00:00Z");

    const figures = await leadFigures(database.db, now);
    expect(figures.weeks).toHaveLength(12);
    expect(figures.weeks[11]).toEqual({ week: "2026-11-16", byProblem: { "Water damage": 2, "Fire damage": 1 }, total: 3 });
    expect(figures.weeks[10]).toEqual({ week: "2026-11-09", byProblem: { "Mold concern": 1, "Water damage": 1 }, total: 2 });
    expect(figures.weeks.slice(0, 10).every((week) => week.total === 0)).toBe(true);
    expect(figures.problems).toEqual(["Water damage", "Fire damage", "Mold concern"]);
    expect(figures.referralSources).toEqual([
      { source: "Insurance company", total: 3 },
      { source: "Friend or neighbor", total: 1 },
    ]);
    expect(figures.last30Days).toEqual({ total: 5, urgent: 2, phoneCalls: 1, contacted: 3, medianMinutesToContact: 30 });
  });

  it("has empty weeks and no median before any request", async () => {
    const figures = await leadFigures(database.db, now);
    expect(figures.weeks.map((week) => week.total)).toEqual(Array.from({ length: 12 }, () => 0));
    expect(figures.referralSources).toEqual([]);
    expect(figures.last30Days).toEqual({ total: 0, urgent: 0, phoneCalls: 0, contacted: 0, medianMinutesToContact: null });
  });
});
