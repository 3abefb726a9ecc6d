import { eq } from "drizzle-orm";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { requestAssignments, serviceRequests, users } from "#server/db/schema.ts";
import { createFolderStorage, type ObjectStorage } from "#server/storage.ts";
import { testBackends, type TestDatabase } from "#tests/support/databases.ts";
import { storeRequest } from "#tests/support/requests.ts";
import { createAccount } from "#tests/support/staff.ts";
import { assignRequest, listAssignableStaff } from "./assignment.server.ts";
import { getRequest, type Actor } from "./inbox.server.ts";

describe.each(testBackends)("assigning requests on $name", (backend) => {
  let database: TestDatabase;
  let uploads: string;
  let storage: ObjectStorage;
  let office: Actor;
  let boss: Actor;

  beforeEach(async () => {
    database = await backend.open();
    uploads = mkdtempSync(path.join(tmpdir(), "assignment-test-"));
    storage = createFolderStorage(uploads);
    office = { id: await createAccount(database.db, "office@example.com", "editor"), email: "office@example.com" };
    boss = { id: await createAccount(database.db, "boss@example.com", "admin"), email: "boss@example.com" };
  });
  afterEach(async () => {
    await database.dispose();
    rmSync(uploads, { recursive: true, force: true });
  });

  const assigneeOf = async (id: string) =>
    (await database.db.select({ assigneeId: serviceRequests.assigneeId }).from(serviceRequests).where(eq(serviceRequests.id, id)))[0]?.assigneeId;

  it("offers approved staff only, by email", async () => {
    await createAccount(database.db, "waiting@example.com", "pending");
    await createAccount(database.db, "gone@example.com", "revoked");
    expect((await listAssignableStaff(database.db)).map((member) => member.email)).toEqual(["boss@example.com", "office@example.com"]);
  });

  it("assigns, reassigns and unassigns, each in the history with who and when, and says when the assignee changed", async () => {
    const { id } = await storeRequest(database.db, storage);
    const first = new Date("2026-11-20T15:00:00Z");
    const second = new Date("2026-11-20T15:05:00Z");
    const third = new Date("2026-11-20T15:09:00Z");

    expect(await assignRequest(database.db, id, office.id, office, first)).toEqual({ outcome: "done", change: { requestId: id, assigneeId: office.id } });
    expect(await assigneeOf(id)).toBe(office.id);
    // Assigning to the same person again changes nothing and tells no one.
    expect(await assignRequest(database.db, id, office.id, boss, first)).toEqual({ outcome: "done", change: null });
    expect(await assignRequest(database.db, id, boss.id, office, second)).toEqual({ outcome: "done", change: { requestId: id, assigneeId: boss.id } });
    expect(await assignRequest(database.db, id, null, boss, third)).toEqual({ outcome: "done", change: { requestId: id, assigneeId: null } });
    expect(await assigneeOf(id)).toBeNull();

    const found = await getRequest(database.db, id);
    expect(found?.assignee).toBeNull();
    expect(found?.assignments.map(({ assigneeEmail, changedByEmail, createdAt }) => ({ assigneeEmail, changedByEmail, createdAt }))).toEqual([
      { assigneeEmail: "office@example.com", changedByEmail: "office@example.com", createdAt: first },
      { assigneeEmail: "boss@example.com", changedByEmail: "office@example.com", createdAt: second },
      { assigneeEmail: "", changedByEmail: "boss@example.com", createdAt: third },
    ]);
  });

  it("refuses pending, revoked and unknown accounts as assignees, and a request that is gone, changing nothing", async () => {
    const { id } = await storeRequest(database.db, storage);
    for (const role of ["pending", "revoked"] as const) {
      const account = await createAccount(database.db, `${role}@example.com`, role);
      expect(await assignRequest(database.db, id, account, boss)).toEqual({ outcome: "not-staff" });
    }
    expect(await assignRequest(database.db, id, "no-such-account", boss)).toEqual({ outcome: "not-staff" });
    expect(await assignRequest(database.db, "00000000-0000-4000-8000-000000000000", office.id, boss)).toEqual({ outcome: "missing" });
    expect(await assigneeOf(id)).toBeNull();
    expect(await database.db.select().from(requestAssignments)).toEqual([]);
  });

  it("unassigns a request when its assignee's account is deleted, and keeps the history's emails", async () => {
    const { id } = await storeRequest(database.db, storage);
    const leaving = await createAccount(database.db, "leaving@example.com", "editor");
    await assignRequest(database.db, id, leaving, boss);
    expect((await getRequest(database.db, id))?.assignee).toEqual({ id: leaving, email: "leaving@example.com" });
    await database.db.delete(users).where(eq(users.id, leaving));
    expect(await assigneeOf(id)).toBeNull();
    expect((await database.db.select().from(requestAssignments))[0]).toMatchObject({ assigneeId: null, assigneeEmail: "leaving@example.com" });
  });
});
