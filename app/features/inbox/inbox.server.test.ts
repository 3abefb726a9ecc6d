import { eq } from "drizzle-orm";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pino } from "pino";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { maxPhotoPixels } from "#app/features/service-request/intake.server.ts";
import { requestNotes, requestStatusChanges, serviceRequestPhotos, serviceRequests } from "#server/db/schema.ts";
import { createHeicPreviewMaker } from "#server/heic-previews.ts";
import { createFolderStorage, type ObjectStorage } from "#server/storage.ts";
import { testBackends, type TestDatabase } from "#tests/support/databases.ts";
import { jpegBytes, pdfBytes } from "#tests/support/files.ts";
import { storeRequest } from "#tests/support/requests.ts";
import { createAccount } from "#tests/support/staff.ts";
import {
  addNote,
  type Actor,
  changeStatus,
  countNewRequests,
  deleteRequests,
  exportRequests,
  getRequest,
  listRequests,
  pageSize,
  parseInboxFilter,
  thumbnailKey,
  viewableKey,
} from "./inbox.server.ts";
import { preparePreview } from "./photos.server.ts";
import { applyRetention, loadRetention, saveRetention } from "./retention.server.ts";

const dayMs = 24 * 60 * 60 * 1000;
const filter = (query = "") => parseInboxFilter(new URLSearchParams(query));
const promiseMinutes = 60;

describe.each(testBackends)("the requests inbox on $name", (backend) => {
  let database: TestDatabase;
  let uploads: string;
  let storage: ObjectStorage;
  let actor: Actor;
  let boss: Actor;

  beforeEach(async () => {
    database = await backend.open();
    uploads = mkdtempSync(path.join(tmpdir(), "inbox-test-"));
    storage = createFolderStorage(uploads);
    actor = { id: await createAccount(database.db, "office@example.com", "editor"), email: "office@example.com" };
    boss = { id: await createAccount(database.db, "boss@example.com", "admin"), email: "boss@example.com" };
  });
  afterEach(async () => {
    await database.dispose();
    rmSync(uploads, { recursive: true, force: true });
  });

  const names = (rows: { firstName: string }[]) => rows.map((row) => row.firstName);
  const scope = (now = new Date()) => ({ viewerId: actor.id, now, callbackPromiseMinutes: promiseMinutes });
  /** The first names the inbox lists for this address bar, sorted. */
  const found = async (query: string, now = new Date()) => names((await listRequests(database.db, filter(query), scope(now))).rows).sort();

  it("lists newest first with the photo count, a page at a time", async () => {
    const start = Date.parse("2026-11-01T12:00:00Z");
    for (let index = 0; index < pageSize + 2; index++) {
      await storeRequest(database.db, storage, { firstName: `P${index}`, createdAt: new Date(start + index * 60_000) });
    }
    await storeRequest(database.db, storage, {
      firstName: "Latest",
      createdAt: new Date(start + dayMs),
      photos: [{ bytes: jpegBytes, contentType: "image/jpeg" }],
    });
    const first = await listRequests(database.db, filter(), scope());
    expect(first.total).toBe(pageSize + 3);
    expect(first.rows).toHaveLength(pageSize);
    expect(first.rows[0]).toMatchObject({ firstName: "Latest", photoCount: 1 });
    expect(first.rows[1]).toMatchObject({ firstName: `P${pageSize + 1}`, photoCount: 0 });
    const second = await listRequests(database.db, filter("page=2"), scope());
    expect(names(second.rows)).toEqual(["P2", "P1", "P0"]);
    expect((await listRequests(database.db, filter("page=9"), scope())).rows).toEqual([]);
  });

  it("lists new urgent requests first, then the rest newest first", async () => {
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    const calm = await storeRequest(database.db, storage, { firstName: "Calm", createdAt: at(1) });
    const urgentOld = await storeRequest(database.db, storage, { firstName: "UrgentOld", urgent: true, createdAt: at(30) });
    const urgentNew = await storeRequest(database.db, storage, { firstName: "UrgentNew", urgent: true, createdAt: at(10) });
    // Once contacted, an urgent request takes its place by date again.
    const urgentContacted = await storeRequest(database.db, storage, { firstName: "Contacted", urgent: true, status: "contacted", createdAt: at(5) });
    const older = await storeRequest(database.db, storage, { firstName: "Older", createdAt: at(60) });

    const { rows } = await listRequests(database.db, filter(), scope());
    expect(rows.map((row) => row.id)).toEqual([urgentNew.id, urgentOld.id, calm.id, urgentContacted.id, older.id]);
    expect(rows.map((row) => row.urgent)).toEqual([true, true, false, true, false]);
  });

  it("filters by status and problem, and searches names, email, phone digits and description words", async () => {
    await storeRequest(database.db, storage, {
      firstName: "Ann",
      lastName: "Lee",
      problem: "Mold concern",
      status: "contacted",
      phone: "(267) 555-0111",
    });
    await storeRequest(database.db, storage, {
      firstName: "Bob",
      email: "bob.builder@example.com",
      problemDescription: "Basement flooded 100% after storm",
    });
    await storeRequest(database.db, storage, { firstName: "Cy", status: "spam", problem: "Mold concern" });
    expect(names((await listRequests(database.db, filter("status=contacted"), scope())).rows)).toEqual(["Ann"]);
    expect(names((await listRequests(database.db, filter("problem=Mold+concern"), scope())).rows).sort()).toEqual(["Ann"]);
    expect(names((await listRequests(database.db, filter("problem=Mold+concern&status=spam"), scope())).rows)).toEqual(["Cy"]);
    expect(names((await listRequests(database.db, filter("q=ann lee"), scope())).rows)).toEqual(["Ann"]);
    expect(names((await listRequests(database.db, filter("q=BUILDER"), scope())).rows)).toEqual(["Bob"]);
    expect(names((await listRequests(database.db, filter("q=2675550111"), scope())).rows)).toEqual(["Ann"]);
    expect(names((await listRequests(database.db, filter("q=flooded"), scope())).rows)).toEqual(["Bob"]);
    expect(names((await listRequests(database.db, filter("q=100%25"), scope())).rows)).toEqual(["Bob"]);
    expect((await listRequests(database.db, filter("q=%25"), scope())).total).toBe(1);
    expect((await listRequests(database.db, filter("q=nobody"), scope())).total).toBe(0);
    // Unknown filter values are ignored, not errors; "All" leaves spam out.
    expect((await listRequests(database.db, filter("status=lost&problem=Aliens&page=-3"), scope())).total).toBe(2);
    expect(await countNewRequests(database.db)).toBe(1);
    expect(names(await exportRequests(database.db, filter("problem=Mold+concern&page=2"), scope())).sort()).toEqual(["Ann"]);
    expect(names(await exportRequests(database.db, filter("problem=Mold+concern&status=spam"), scope())).sort()).toEqual(["Cy"]);
  });

  it("searches every field staff look a lead up by: name, email, phone digits in any format, address, insurer, claim, description, comments and notes", async () => {
    await storeRequest(database.db, storage, { firstName: "Phone", phone: "(215) 555 0101" });
    await storeRequest(database.db, storage, { firstName: "Mail", email: "dana.w@example.org" });
    await storeRequest(database.db, storage, { firstName: "Street", address: "12 Butler Pike, Ambler" });
    await storeRequest(database.db, storage, { firstName: "Insured", insuranceCompany: "Keystone Mutual" });
    await storeRequest(database.db, storage, { firstName: "Claim", claimNumber: "KM-2026-7781" });
    await storeRequest(database.db, storage, { firstName: "Described", problemDescription: "Ceiling stain under the bathroom" });
    await storeRequest(database.db, storage, { firstName: "Commented", additionalComments: "Gate code 4417" });
    const noted = await storeRequest(database.db, storage, { firstName: "Noted" });
    await addNote(database.db, noted.id, "Adjuster Priya will meet us Friday", actor);

    expect(await found("q=215-555-0101")).toEqual(["Phone"]);
    expect(await found("q=2155550101")).toEqual(["Phone"]);
    expect(await found("q=(215)+555-0101")).toEqual(["Phone"]);
    expect(await found("q=DANA.W@")).toEqual(["Mail"]);
    expect(await found("q=butler+pike")).toEqual(["Street"]);
    expect(await found("q=keystone")).toEqual(["Insured"]);
    expect(await found("q=km-2026-7781")).toEqual(["Claim"]);
    expect(await found("q=bathroom")).toEqual(["Described"]);
    expect(await found("q=gate+code")).toEqual(["Commented"]);
    expect(await found("q=priya")).toEqual(["Noted"]);
    expect(await found("q=phone+doe")).toEqual(["Phone"]);
    expect(await found("q=nothing+like+this")).toEqual([]);
  });

  it("filters by urgent, overdue, assignee, source, status and dates in the office's time zone, combined", async () => {
    const now = new Date("2026-11-20T17:00:00Z");
    const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
    const colleague = await createAccount(database.db, "colleague@example.com", "editor");
    await storeRequest(database.db, storage, { firstName: "Late", createdAt: minutesAgo(90), assigneeId: actor.id });
    await storeRequest(database.db, storage, { firstName: "Fresh", urgent: true, createdAt: minutesAgo(10) });
    await storeRequest(database.db, storage, { firstName: "LateDone", status: "contacted", createdAt: minutesAgo(120), assigneeId: colleague });
    await storeRequest(database.db, storage, { firstName: "Called", source: "phone", urgent: true, createdAt: minutesAgo(30), assigneeId: colleague });
    await storeRequest(database.db, storage, { firstName: "Junk", status: "spam", createdAt: minutesAgo(5) });
    await storeRequest(database.db, storage, { firstName: "Maybe", status: "suspected", createdAt: minutesAgo(5) });
    // 04:30 UTC on November 20 is still November 19 in Philadelphia.
    await storeRequest(database.db, storage, { firstName: "Evening", createdAt: new Date("2026-11-20T04:30:00Z"), status: "closed" });
    await storeRequest(database.db, storage, { firstName: "Morning", createdAt: new Date("2026-11-20T05:30:00Z"), status: "closed" });

    expect(await found("", now)).toEqual(["Called", "Evening", "Fresh", "Late", "LateDone", "Morning"]);
    expect(await found("status=spam", now)).toEqual(["Junk"]);
    expect(await found("status=suspected", now)).toEqual(["Maybe"]);
    expect(await found("urgent=1", now)).toEqual(["Called", "Fresh"]);
    expect(await found("overdue=1", now)).toEqual(["Late"]);
    expect(await found("assignee=me", now)).toEqual(["Late"]);
    expect(await found("assignee=none", now)).toEqual(["Evening", "Fresh", "Morning"]);
    expect(await found(`assignee=${colleague}`, now)).toEqual(["Called", "LateDone"]);
    expect(await found("source=phone", now)).toEqual(["Called"]);
    expect(await found("source=web&urgent=1", now)).toEqual(["Fresh"]);
    expect(await found(`assignee=${colleague}&urgent=1&status=new`, now)).toEqual(["Called"]);
    expect(await found("to=2026-11-19", now)).toEqual(["Evening"]);
    expect(await found("from=2026-11-20&status=closed", now)).toEqual(["Morning"]);
    expect(await found("from=2026-11-20&to=2026-11-20&urgent=1", now)).toEqual(["Called", "Fresh"]);
    // A bad date is not applied: the rest of the filter still is.
    expect(await found("from=2026-02-30&status=closed", now)).toEqual(["Evening", "Morning"]);
    const exported = await exportRequests(database.db, filter("assignee=me&overdue=1"), scope(now));
    expect(exported.map((row) => [row.firstName, row.assigneeEmail, row.source])).toEqual([["Late", "office@example.com", "web"]]);
  });

  it("records status changes with who and when, and notes with their author", async () => {
    const { id } = await storeRequest(database.db, storage);
    const at = new Date("2026-11-20T15:00:00Z");
    expect(await changeStatus(database.db, id, "contacted", actor, at)).toBe(true);
    expect(await changeStatus(database.db, id, "contacted", actor, at)).toBe(true);
    expect(await changeStatus(database.db, id, "spam", boss, at)).toBe(true);
    expect(await addNote(database.db, id, "Called, voicemail left", actor, at)).toBe(true);
    const found = await getRequest(database.db, id);
    expect(found?.request).toMatchObject({ status: "spam", statusChangedAt: at });
    expect(found?.history.map(({ fromStatus, toStatus, changedByEmail }) => ({ fromStatus, toStatus, changedByEmail }))).toEqual([
      { fromStatus: "new", toStatus: "contacted", changedByEmail: "office@example.com" },
      { fromStatus: "contacted", toStatus: "spam", changedByEmail: "boss@example.com" },
    ]);
    expect(found?.notes).toMatchObject([{ body: "Called, voicemail left", authorEmail: "office@example.com", createdAt: at }]);

    const missing = "00000000-0000-4000-8000-000000000000";
    expect(await changeStatus(database.db, missing, "closed", actor)).toBe(false);
    expect(await addNote(database.db, missing, "x", actor)).toBe(false);
    expect(await getRequest(database.db, "not-a-uuid")).toBeNull();
  });

  it("deletes a request with its notes, history, photo rows and files", async () => {
    const { id, photoKeys } = await storeRequest(database.db, storage, { photos: [{ bytes: jpegBytes, contentType: "image/jpeg" }] });
    const other = await storeRequest(database.db, storage, { photos: [{ bytes: pdfBytes, contentType: "application/pdf" }] });
    await addNote(database.db, id, "note", actor);
    await changeStatus(database.db, id, "closed", actor);
    expect(await deleteRequests(database.db, storage, [id])).toBe(1);
    expect(await getRequest(database.db, id)).toBeNull();
    expect(await database.db.select().from(requestNotes)).toEqual([]);
    expect(await database.db.select().from(requestStatusChanges)).toEqual([]);
    expect(await storage.exists(photoKeys[0] ?? "")).toBe(false);
    expect(await storage.exists(other.photoKeys[0] ?? "")).toBe(true);
    expect(await deleteRequests(database.db, storage, [id])).toBe(0);
  });

  it("retention removes closed requests' photos and old spam past the limits, and nothing else", async () => {
    const now = new Date("2026-11-23T03:00:00Z");
    const ago = (days: number) => new Date(now.getTime() - days * dayMs - 1000);
    const photo = () => [{ bytes: jpegBytes, contentType: "image/jpeg" }];
    expect(await loadRetention(database.db)).toEqual({ closedDays: 365, spamDays: 30 });
    await saveRetention(database.db, { closedDays: 90, spamDays: 10 });

    const oldClosed = await storeRequest(database.db, storage, { status: "closed", statusChangedAt: ago(91), photos: photo() });
    const recentClosed = await storeRequest(database.db, storage, { status: "closed", statusChangedAt: ago(89), photos: photo() });
    const oldSpam = await storeRequest(database.db, storage, { status: "spam", statusChangedAt: ago(11), photos: photo() });
    const recentSpam = await storeRequest(database.db, storage, { status: "spam", statusChangedAt: ago(9) });
    const oldNew = await storeRequest(database.db, storage, { status: "new", createdAt: ago(400), photos: photo() });
    const oldScheduled = await storeRequest(database.db, storage, { status: "scheduled", statusChangedAt: ago(400), photos: photo() });

    expect(await applyRetention(database.db, storage, now)).toEqual({ photosDeleted: 1, spamDeleted: 1 });
    const remaining = await database.db.select({ id: serviceRequests.id }).from(serviceRequests);
    expect(remaining.map((row) => row.id).sort()).toEqual(
      [oldClosed.id, recentClosed.id, recentSpam.id, oldNew.id, oldScheduled.id].sort(),
    );
    expect(await database.db.select().from(serviceRequestPhotos).where(eq(serviceRequestPhotos.requestId, oldClosed.id))).toEqual([]);
    expect(await storage.exists(oldClosed.photoKeys[0] ?? "")).toBe(false);
    expect(await storage.exists(oldSpam.photoKeys[0] ?? "")).toBe(false);
    for (const kept of [recentClosed, oldNew, oldScheduled]) expect(await storage.exists(kept.photoKeys[0] ?? "")).toBe(true);
    expect(await applyRetention(database.db, storage, now)).toEqual({ photosDeleted: 0, spamDeleted: 0 });
  });

  it("makes a thumbnail and a viewable copy once and keeps them beside the photo", async () => {
    const big = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#336699" } })
      .jpeg()
      .toBuffer();
    const { id, photoKeys } = await storeRequest(database.db, storage, { photos: [{ bytes: big, contentType: "image/jpeg" }] });
    const [photo] = (await getRequest(database.db, id))?.photos ?? [];
    if (!photo) throw new Error("no photo");
    const dependencies = { db: database.db, storage, heicPreviews: createHeicPreviewMaker({ maxPixels: maxPhotoPixels }), logger: pino({ level: "silent" }) };
    expect(await preparePreview(dependencies, photo, "thumbnail")).toBe("ready");
    const metadata = await sharp(Buffer.concat(await storage.get(thumbnailKey(photo.id)).toArray())).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 480, height: 360 });
    expect(await preparePreview(dependencies, photo, "viewable")).toBe("ready");
    expect(await storage.exists(viewableKey(photo.id))).toBe(true);
    // Made once: without the original to read, they are still there.
    await storage.delete(photoKeys[0] ?? "");
    expect(await preparePreview(dependencies, photo, "thumbnail")).toBe("ready");
    expect(await preparePreview(dependencies, photo, "viewable")).toBe("ready");
  });
});
