import { eq } from "drizzle-orm";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AppLoadContext } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { saveSection } from "#app/features/content/section-store.server.ts";
import { altTextMessage, projectPhotoMessage, projectsSchema, reviewRatingMessage, reviewsSchema } from "#app/features/content/schemas.ts";
import { readContentVersion } from "#app/features/site/content-version.server.ts";
import * as projectsRoute from "#app/routes/admin/projects.tsx";
import * as areaRoute from "#app/routes/area.tsx";
import * as fireMoldRoute from "#app/routes/fire-mold-restoration.tsx";
import * as stormRoute from "#app/routes/storm-damage-restoration.tsx";
import * as waterRoute from "#app/routes/water-damage-restoration.tsx";
import * as reviewsRoute from "#app/routes/admin/reviews.tsx";
import { contentRevisions, projects as projectsTable, users } from "#server/db/schema.ts";
import { seedDefaults } from "#server/db/seed.ts";
import { createFolderStorage } from "#server/storage.ts";
import { answer } from "#tests/support/answer.ts";
import { testContext } from "#tests/support/context.ts";
import { testBackends, type TestDatabase } from "#tests/support/databases.ts";
import { createTestAuth, requestAs, signedInAccount } from "#tests/support/staff.ts";
import { loadPublishedProjects, loadPublishedReviews, loadRating, loadShowcase } from "./showcase.server.ts";

const photo = (n: number) => `/media/photos/0b8c2a4e-0000-4000-8000-00000000000${n}-960.webp`;

/** Form fields as the projects editor sends them. */
function projectFields(list: Record<string, string>[]): Record<string, string> {
  const fields: Record<string, string> = {};
  list.forEach((project, index) => {
    for (const [key, value] of Object.entries(project)) fields[`projects.${index}.${key}`] = value;
  });
  return fields;
}

function reviewFields(list: Record<string, string>[]): Record<string, string> {
  const fields: Record<string, string> = {};
  list.forEach((review, index) => {
    for (const [key, value] of Object.entries(review)) fields[`reviews.${index}.${key}`] = value;
  });
  return fields;
}


describe.each(testBackends)("projects and reviews on $name", (backend) => {
  let database: TestDatabase;
  let uploads: string;
  let context: AppLoadContext;
  let editor: { email: string; cookie: string };
  let author: { id: string; email: string };

  beforeEach(async () => {
    database = await backend.open();
    await seedDefaults(database.db);
    uploads = mkdtempSync(path.join(tmpdir(), "showcase-test-"));
    const auth = createTestAuth(database.db);
    context = testContext(database.db, auth, { storage: createFolderStorage(uploads), clientId: "showcase" });
    editor = await signedInAccount(database.db, auth, "editor");
    const [account] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, editor.email));
    author = { id: account?.id ?? "", email: editor.email };
  });
  afterEach(async () => {
    await database.dispose();
    rmSync(uploads, { recursive: true, force: true });
  });

  const readers = () => ({ db: database.db, logger: context.logger });
  const post = (
    route: { action: (args: never) => Promise<unknown> },
    routePath: string,
    fields: Record<string, string>,
    cookie = editor.cookie,
  ) =>
    answer(() =>
      route.action({
        request: requestAs(cookie, routePath, { method: "POST", body: new URLSearchParams(fields) }),
        context,
        params: {},
      } as never),
    );

  async function saveProjects(list: Record<string, string>[]) {
    await saveSection(database.db, "projects", projectsSchema.parse({ projects: list }), author);
  }
  async function saveReviews(list: Record<string, string>[]) {
    await saveSection(database.db, "reviews", reviewsSchema.parse({ reviews: list }), author);
  }

  it("shows published projects only, in the office's order, filtered by service and town", async () => {
    await saveProjects([
      { status: "published", caption: "Basement dried", service: "water", town: "Ambler", photoUrl: photo(1), photoAlt: "Dry basement" },
      { status: "draft", caption: "Secret draft", service: "water", town: "Ambler", photoUrl: photo(2), photoAlt: "Kitchen" },
      {
        status: "published",
        caption: "Roof after the storm",
        service: "storm",
        town: "Doylestown",
        completedOn: "2026-03-14",
        photoUrl: photo(3),
        photoAlt: "New roof",
        beforeUrl: photo(4),
        beforeAlt: "Torn roof",
      },
    ]);
    const all = await loadPublishedProjects(readers());
    expect(all.map((project) => project.caption)).toEqual(["Basement dried", "Roof after the storm"]);
    expect(all[1]).toMatchObject({
      completedOn: "2026-03-14",
      photo: { url: photo(3), alt: "New roof" },
      before: { url: photo(4), alt: "Torn roof" },
    });
    expect(all[0]?.before).toBeNull();
    expect((await loadPublishedProjects(readers(), { service: "storm" })).map((project) => project.caption)).toEqual([
      "Roof after the storm",
    ]);
    expect((await loadPublishedProjects(readers(), { town: "Ambler" })).map((project) => project.caption)).toEqual(["Basement dried"]);
    expect(await loadPublishedProjects(readers(), { town: "Ambler", service: "storm" })).toEqual([]);
    expect(await loadPublishedProjects(readers(), { town: "Hatboro" })).toEqual([]);
  });

  it("gives each service page and town page its own published projects and reviews, and no other page's", async () => {
    await saveProjects([
      { status: "published", caption: "Basement dried", service: "water", town: "Ambler", photoUrl: photo(1), photoAlt: "Dry basement" },
      { status: "published", caption: "Soot cleaned", service: "fire", town: "Hatboro", photoUrl: photo(2), photoAlt: "Clean wall" },
      { status: "published", caption: "Mold removed", service: "mold", town: "Ambler", photoUrl: photo(3), photoAlt: "Clean attic" },
      { status: "draft", caption: "Storm draft", service: "storm", town: "Ambler", photoUrl: photo(4), photoAlt: "Roof" },
    ]);
    await saveReviews([{ status: "published", name: "Maria G.", town: "Hatboro", service: "fire", rating: "5", text: "Fast and kind.", source: "Google" }]);
    const captions = async (route: { loader: (args: never) => Promise<{ showcase: { projects: { caption: string }[] } }> }, params = {}) =>
      (await route.loader({ request: new Request("http://site.test/"), params, context } as never)).showcase.projects.map((project) => project.caption);

    expect(await captions(waterRoute)).toEqual(["Basement dried"]);
    expect(await captions(fireMoldRoute)).toEqual(["Soot cleaned", "Mold removed"]);
    expect(await captions(stormRoute)).toEqual([]);
    expect(await captions(areaRoute, { town: "ambler" })).toEqual(["Basement dried", "Mold removed"]);
    expect(await captions(areaRoute, { town: "doylestown" })).toEqual([]);
    const hatboro = await areaRoute.loader({ request: new Request("http://site.test/"), params: { town: "hatboro" }, context } as never);
    expect(hatboro.showcase.reviews.map((review) => review.name)).toEqual(["Maria G."]);
  });

  it("shows published reviews only, in order, filtered by town and service, and rates from them", async () => {
    expect(await loadRating(readers())).toEqual({ value: 5, count: 150, fromReviews: false });
    await saveReviews([
      { status: "published", name: "Maria G.", town: "Ambler", service: "water", rating: "5", text: "Fast and kind.", source: "Google" },
      { status: "draft", name: "Draft Person", town: "Ambler", rating: "1", text: "Not agreed yet." },
      { status: "published", name: "Tom R.", town: "Hatboro", rating: "4", text: "Good work.", reviewedOn: "2026-02-01" },
    ]);
    const reviews = await loadPublishedReviews(readers());
    expect(reviews.map((review) => review.name)).toEqual(["Maria G.", "Tom R."]);
    expect(reviews[1]).toEqual({
      name: "Tom R.",
      town: "Hatboro",
      service: "",
      rating: 4,
      text: "Good work.",
      reviewedOn: "2026-02-01",
      source: "",
    });
    expect((await loadPublishedReviews(readers(), { town: "Ambler" })).map((review) => review.name)).toEqual(["Maria G."]);
    expect((await loadPublishedReviews(readers(), { service: "water" })).map((review) => review.name)).toEqual(["Maria G."]);
    // (5 + 4) / 2: the draft's 1 star counts for nothing.
    expect(await loadRating(readers())).toEqual({ value: 4.5, count: 2, fromReviews: true });
  });

  it("rates from the settings' figures when they are edited and no review is published", async () => {
    await saveReviews([{ status: "draft", name: "Draft Person", rating: "2", text: "Draft." }]);
    const { ratingValue, ratingCount, ...settings } = await import("#app/features/content/section-store.server.ts").then(({ readSection }) =>
      readSection(database.db, "settings"),
    );
    expect({ ratingValue, ratingCount }).toEqual({ ratingValue: 5, ratingCount: 150 });
    await saveSection(database.db, "settings", { ...settings, ratingValue: 4.8, ratingCount: 212 }, author);
    expect(await loadRating(readers())).toEqual({ value: 4.8, count: 212, fromReviews: false });
  });

  it("reads everything a page needs together, at most six of each by default", async () => {
    await saveReviews(
      Array.from({ length: 8 }, (_, index) => ({ status: "published", name: `Customer ${index + 1}`, rating: "5", text: "Great." })),
    );
    const showcase = await loadShowcase(readers());
    expect(showcase.reviews).toHaveLength(6);
    expect(showcase.projects).toEqual([]);
    expect(showcase.rating).toEqual({ value: 5, count: 8, fromReviews: true });
  });

  it("saves through the editor with a new content version, and keeps the order it was given", async () => {
    const versionBefore = await readContentVersion(database.db);
    const result = await post(
      projectsRoute,
      "/admin/projects",
      projectFields([
        { status: "draft", caption: "Second" },
        { status: "published", caption: "First", photoUrl: photo(1), photoAlt: "A dry floor" },
      ]),
    );
    expect(result).toEqual({ status: 200, body: { ok: true, toast: { title: "Success", message: "Projects updated successfully!" } } });
    expect(await readContentVersion(database.db)).toBeGreaterThan(versionBefore);
    const rows = await database.db.select().from(projectsTable).orderBy(projectsTable.position);
    expect(rows.map((row) => [row.position, row.caption, row.status])).toEqual([
      [1, "Second", "draft"],
      [2, "First", "published"],
    ]);
  });

  it("refuses to publish a photo without alt text, and changes nothing", async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ status: "published", caption: "No alt", photoUrl: photo(1) }, "projects.0.photoAlt", altTextMessage],
      [
        { status: "published", caption: "Before without alt", photoUrl: photo(1), photoAlt: "After", beforeUrl: photo(2) },
        "projects.0.beforeAlt",
        altTextMessage,
      ],
      [{ status: "published", caption: "No photo" }, "projects.0.photoUrl", projectPhotoMessage],
    ];
    for (const [project, field, message] of cases) {
      const versionBefore = await readContentVersion(database.db);
      const result = (await post(projectsRoute, "/admin/projects", projectFields([project]))) as {
        status: number;
        body: { errors?: Record<string, string> };
      };
      expect(result.status, field).toBe(400);
      expect(result.body.errors?.[field], field).toBe(message);
      expect(await readContentVersion(database.db)).toBe(versionBefore);
    }
    expect(await database.db.select().from(projectsTable)).toEqual([]);
    expect(await database.db.select().from(contentRevisions)).toEqual([]);
    // A draft may wait for its alt text.
    const draft = await post(projectsRoute, "/admin/projects", projectFields([{ status: "draft", caption: "Later", photoUrl: photo(1) }]));
    expect(draft.status).toBe(200);
  });

  it("refuses a review without a valid rating, a town not served or a forged placeholder", async () => {
    const rating = (await post(
      reviewsRoute,
      "/admin/reviews",
      reviewFields([{ status: "published", name: "Ann", rating: "6", text: "Too many stars." }]),
    )) as { status: number; body: { errors?: Record<string, string> } };
    expect(rating.status).toBe(400);
    expect(rating.body.errors?.["reviews.0.rating"]).toBe(reviewRatingMessage);
    const town = (await post(
      reviewsRoute,
      "/admin/reviews",
      reviewFields([{ status: "published", name: "Ann", rating: "5", town: "Atlantis", text: "Hello." }]),
    )) as { status: number; body: { errors?: Record<string, string> } };
    expect(town.body.errors?.["reviews.0.town"]).toBe("Choose a town from the list");
    const forged = (await post(
      projectsRoute,
      "/admin/projects",
      projectFields([{ status: "draft", caption: "X", photoPlaceholder: "javascript:alert(1)" }]),
    )) as { status: number; body: { errors?: Record<string, string> } };
    expect(forged.status).toBe(400);
    expect(forged.body.errors?.["projects.0.photoPlaceholder"]).toMatch(/upload the photo again/);
    expect(await loadPublishedReviews(readers())).toEqual([]);
  });

  it("lets no visitor read or change the editors", async () => {
    for (const route of [projectsRoute, reviewsRoute]) {
      const read = await answer(() => route.loader({ request: requestAs(null, "/admin/projects"), context, params: {} } as never));
      expect(read.status).toBeGreaterThanOrEqual(300);
      const write = await post(route, "/admin/projects", projectFields([{ status: "draft", caption: "Intruder" }]), "");
      expect(write.status).toBeGreaterThanOrEqual(300);
    }
    expect(await database.db.select().from(projectsTable)).toEqual([]);
  });
});
