import { eq } from "drizzle-orm";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AppLoadContext } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { defaultCompany } from "#app/content/company.ts";
import { defaultHero, defaultTrustBadges } from "#app/content/defaults.ts";
import { defaultServices } from "#app/content/services.ts";
import { lastContentChange } from "#app/features/admin/last-change.server.ts";
import { readContentVersion } from "#app/features/site/content-version.server.ts";
import { loadHero, loadReasons, loadServices, loadTownIntro, loadTrustBadges } from "#app/features/site/public-sections.server.ts";
import { loadCompanySettings } from "#app/features/site/settings.server.ts";
import * as auditRoute from "#app/routes/admin/audit.tsx";
import * as heroRoute from "#app/routes/admin/hero.tsx";
import * as missionRoute from "#app/routes/admin/mission.tsx";
import * as servicesRoute from "#app/routes/admin/services.tsx";
import * as settingsRoute from "#app/routes/admin/settings.tsx";
import * as badgesRoute from "#app/routes/admin/trust-badges.tsx";
import * as townsRoute from "#app/routes/admin/towns.tsx";
import { defaultTownIntro } from "#app/content/town-intros.ts";
import { townIntroMaxLength, towns } from "#app/content/towns.ts";
import { controlCharacterMessage } from "#app/utils/typed-text.ts";
import { contentRevisions, trustBadges } from "#server/db/schema.ts";
import { seedDefaults } from "#server/db/seed.ts";
import { createFolderStorage } from "#server/storage.ts";
import { answer } from "#tests/support/answer.ts";
import { testContext } from "#tests/support/context.ts";
import { testBackends, type TestDatabase } from "#tests/support/databases.ts";
import { createTestAuth, requestAs, signedInAccount } from "#tests/support/staff.ts";
import { auditLog } from "#app/features/audit/staff-events.server.ts";
import { listRevisions, restoreMessages } from "./section-store.server.ts";
import { restoredMessage } from "./editor-route.server.ts";
import { unreadableFormMessage } from "./form-data.ts";
import { editorMessages } from "./messages.ts";
import { altTextMessage, callbackPromiseMessage, imageUrlMessage, ratingCountMessage, ratingValueMessage } from "./schemas.ts";

type Handler = (args: never) => Promise<unknown>;

const heroForm = {
  title: "Flooded Basement? We Are On Our Way",
  subtitle: "READY DAY AND NIGHT",
  description: "A crew at your door within the hour, anywhere in the county.",
  buttonText: "SEND A REQUEST",
  backgroundImageUrl: "",
  backgroundImageAlt: "",
  backgroundImagePlaceholder: "",
  storyImageUrl: "",
  storyImageAlt: "",
  storyImagePlaceholder: "",
};

const settingsForm = {
  companyName: "Ready Restoration Co.",
  phoneNumber: "(215) 555-0199",
  officeEmail: "Desk@Ready.example",
  address: "5 Market Street, Philadelphia, PA 19106",
  emergencyMessage: "We answer every call.",
  callbackPromiseMinutes: "30",
  ratingValue: "4.9",
  ratingCount: "212",
};

const missionForm = {
  headline: "Why Neighbors Call Us",
  subheadline: "Three reasons.",
  "reasons.0.text": "Veteran operated",
  "reasons.0.icon": "shield",
  "reasons.1.text": "Answers 24/7",
  "reasons.1.icon": "clock",
};

/** The towns' editor as it is sent: every town, in order, with the intro given or its fixed copy. */
function townsForm(intros: Record<string, string> = {}): Record<string, string> {
  const fields: Record<string, string> = {};
  towns.forEach((town, index) => {
    fields[`towns.${index}.slug`] = town.slug;
    fields[`towns.${index}.intro`] = intros[town.slug] ?? defaultTownIntro(town.slug);
  });
  return fields;
}

function servicesForm(): Record<string, string> {
  const fields: Record<string, string> = {};
  defaultServices.forEach((card, index) => {
    const prefix = `cards.${index}`;
    Object.assign(fields, {
      [`${prefix}.slug`]: card.slug,
      [`${prefix}.title`]: card.title,
      [`${prefix}.subtitle`]: card.subtitle,
      [`${prefix}.summary`]: card.summary,
      [`${prefix}.description`]: card.description,
      [`${prefix}.icon`]: card.icon,
      [`${prefix}.imageUrl`]: "",
      ...(card.featured ? { [`${prefix}.featured`]: "on" } : {}),
    });
    card.subcategories.forEach((subcategory, at) => (fields[`${prefix}.subcategories.${at}`] = subcategory));
  });
  return fields;
}

describe.each(testBackends)("content editors on $name", (backend) => {
  let database: TestDatabase;
  let uploads: string;
  let context: AppLoadContext;
  let editor: { email: string; cookie: string };
  let admin: { email: string; cookie: string };

  beforeEach(async () => {
    database = await backend.open();
    await seedDefaults(database.db);
    uploads = mkdtempSync(path.join(tmpdir(), "editors-test-"));
    const auth = createTestAuth(database.db);
    context = testContext(database.db, auth, { storage: createFolderStorage(uploads), clientId: "editors" });
    editor = await signedInAccount(database.db, auth, "editor");
    admin = await signedInAccount(database.db, auth, "admin");
  });
  afterEach(async () => {
    await database.dispose();
    rmSync(uploads, { recursive: true, force: true });
  });

  const readers = () => ({ db: database.db, logger: context.logger });

  function post(route: { action: Handler }, routePath: string, fields: Record<string, string>, cookie = editor.cookie) {
    const request = requestAs(cookie, routePath, { method: "POST", body: new URLSearchParams(fields) });
    return answer(() => route.action({ request, context, params: {} } as never));
  }

  function load<Data>(route: { loader: Handler }, routePath: string, cookie = editor.cookie) {
    return answer(() => route.loader({ request: requestAs(cookie, routePath), context, params: {} } as never)) as Promise<{
      status: number;
      body: Data;
    }>;
  }

  /** A refused save changes nothing: neither the content, nor its history, nor the content version. */
  async function expectRefused(
    route: { action: Handler },
    routePath: string,
    fields: Record<string, string>,
    field: string,
    message: string,
  ) {
    const versionBefore = await readContentVersion(database.db);
    const result = await post(route, routePath, fields);
    expect(result.status, `${field}: ${message}`).toBe(400);
    expect(result.body.errors?.[field], field).toBe(message);
    expect(result.body.values).toMatchObject(Object.fromEntries(Object.entries(fields).filter(([key]) => !key.includes("."))));
    expect(await readContentVersion(database.db)).toBe(versionBefore);
    expect(await database.db.select().from(contentRevisions)).toEqual([]);
  }

  describe("the hero", () => {
    it("saves, says so in the spec's words, shows at once on the public page and keeps the version before", async () => {
      const versionBefore = await readContentVersion(database.db);
      const result = await post(heroRoute, "/admin/hero", heroForm);
      expect(result).toEqual({
        status: 200,
        body: { ok: true, toast: { title: "Success", message: "Hero content updated successfully!" } },
      });
      expect(await loadHero(readers())).toEqual({ ...heroForm, backgroundImageUrl: null, storyImageUrl: null });
      expect(await readContentVersion(database.db)).toBe(versionBefore + 1);

      const revisions = await listRevisions(database.db, "hero");
      expect(revisions.map((revision) => [revision.kind, revision.authorEmail])).toEqual([
        ["save", editor.email],
        ["initial", ""],
      ]);
      expect(revisions[0]?.changedFields).toEqual(["Title", "Subtitle", "Description", "Button text"]);
      const [initial] = await database.db
        .select({ content: contentRevisions.content })
        .from(contentRevisions)
        .where(eq(contentRevisions.kind, "initial"));
      expect(initial?.content).toEqual(defaultHero);
    });

    it.each([
      ["title", "", "Title is required"],
      ["title", "x".repeat(121), "Title must be at most 120 characters"],
      ["subtitle", "  ", "Subtitle is required"],
      ["subtitle", "x".repeat(81), "Subtitle must be at most 80 characters"],
      ["description", "", "Description is required"],
      ["description", "x".repeat(501), "Description must be at most 500 characters"],
      ["buttonText", "", "Button text is required"],
      ["buttonText", "x".repeat(41), "Button text must be at most 40 characters"],
      ["backgroundImageUrl", "javascript:alert(1)", imageUrlMessage],
      ["backgroundImageUrl", "ftp://example.com/a.png", imageUrlMessage],
      ["backgroundImageUrl", "//evil.example/a.png", imageUrlMessage],
      ["backgroundImageUrl", "https://images.example.com/flood.jpg", imageUrlMessage],
      ["description", "Water\u0000damage", controlCharacterMessage],
    ])("refuses %s = %j with its message, the failure toast and the values as sent", async (field, value, message) => {
      const fields = { ...heroForm, [field]: value };
      await expectRefused(heroRoute, "/admin/hero", fields, field, message);
      const result = await post(heroRoute, "/admin/hero", fields);
      expect(result.body.toast).toEqual({ title: "Error", message: "Failed to update hero content. Please try again." });
      expect(await loadHero(readers())).toEqual({ ...defaultHero });
    });

    it("keeps every character typed, with line ends as LF and outer space trimmed", async () => {
      const typed = { title: ` Water <2" deep? & "We" pump it `, description: "Gate code 1<3>5\r\nthen left\r\u202eright\u200f 🔥\t" };
      expect((await post(heroRoute, "/admin/hero", { ...heroForm, ...typed })).status).toBe(200);
      expect(await loadHero(readers())).toMatchObject({
        title: `Water <2" deep? & "We" pump it`,
        description: "Gate code 1<3>5\nthen left\n\u202eright\u200f 🔥",
      });
    });

    it("accepts an uploaded image's path (an outside address is refused above: the site's policy would hide it)", async () => {
      const address = "/media/backgrounds/0b8c2a4e-0000-4000-8000-000000000000-1280.webp";
      expect((await post(heroRoute, "/admin/hero", { ...heroForm, backgroundImageUrl: address, backgroundImageAlt: "Our crew" })).status).toBe(200);
      expect((await loadHero(readers())).backgroundImageUrl).toBe(address);
    });

    it("refuses a photo without alt text, for the background and the story alike", async () => {
      const photo = "/media/photos/0b8c2a4e-0000-4000-8000-000000000000-960.webp";
      await expectRefused(heroRoute, "/admin/hero", { ...heroForm, backgroundImageUrl: photo }, "backgroundImageAlt", altTextMessage);
      await expectRefused(heroRoute, "/admin/hero", { ...heroForm, storyImageUrl: photo }, "storyImageAlt", altTextMessage);
      expect((await post(heroRoute, "/admin/hero", { ...heroForm, storyImageUrl: photo, storyImageAlt: "Our founder" })).status).toBe(200);
      expect(await loadHero(readers())).toMatchObject({ storyImageUrl: photo, storyImageAlt: "Our founder" });
    });

    it("restores an older version in one step, itself a revision that can be undone", async () => {
      await post(heroRoute, "/admin/hero", heroForm);
      await post(heroRoute, "/admin/hero", { ...heroForm, title: "Second Title" });
      const [, first, initial] = await listRevisions(database.db, "hero");
      const restored = await post(heroRoute, "/admin/hero", { intent: "restore", revisionId: first?.id ?? "" });
      expect(restored).toEqual({ status: 200, body: { ok: true, toast: { title: "Success", message: restoredMessage } } });
      expect((await loadHero(readers())).title).toBe(heroForm.title);
      const [latest] = await listRevisions(database.db, "hero");
      expect(latest).toMatchObject({ kind: "restore", restoredFromId: first?.id, changedFields: ["Title"], authorEmail: editor.email });

      await post(heroRoute, "/admin/hero", { intent: "restore", revisionId: initial?.id ?? "" });
      expect(await loadHero(readers())).toEqual({ ...defaultHero });
    });

    it("refuses to restore a revision that does not exist or belongs to another editor", async () => {
      await post(settingsRoute, "/admin/settings", settingsForm);
      const [settingsRevision] = await listRevisions(database.db, "settings");
      for (const revisionId of [settingsRevision?.id ?? "", "00000000-0000-4000-8000-000000000000", "not-an-id"]) {
        const result = await post(heroRoute, "/admin/hero", { intent: "restore", revisionId });
        expect(result).toEqual({ status: 404, body: { ok: false, toast: { title: "Error", message: restoreMessages.missing } } });
      }
      expect(await listRevisions(database.db, "hero")).toEqual([]);
    });

    it("refuses to restore a stored version that no longer fits the rules", async () => {
      const [broken] = await database.db
        .insert(contentRevisions)
        .values({ section: "hero", kind: "save", content: { ...heroForm, title: "" }, authorEmail: editor.email })
        .returning({ id: contentRevisions.id });
      const result = await post(heroRoute, "/admin/hero", { intent: "restore", revisionId: broken?.id ?? "" });
      expect(result.body.toast).toEqual({ title: "Error", message: restoreMessages.invalid });
      expect(await loadHero(readers())).toEqual({ ...defaultHero });
    });

    it("lists the current content and the recent versions for the editor", async () => {
      await post(heroRoute, "/admin/hero", heroForm);
      const page = await load<{ content: typeof heroForm; revisions: { kind: string }[] }>(heroRoute, "/admin/hero");
      expect(page.body.content).toEqual({ ...heroForm, backgroundImageUrl: null, storyImageUrl: null });
      expect(page.body.revisions.map((revision) => revision.kind)).toEqual(["save", "initial"]);
    });
  });

  describe("the trust badges", () => {
    const section = { headline: "TRUSTED NEARBY", description: "Certified.\nRated.\nTrusted." };

    it("keeps only badges with a name and a logo, renumbered from 1, with the line breaks of the description", async () => {
      const result = await post(badgesRoute, "/admin/trust-badges", {
        ...section,
        "badges.0.name": "IICRC",
        "badges.0.logoUrl": "/badges/iicrc-certified.svg",
        "badges.0.isActive": "on",
        "badges.1.name": "No logo yet",
        "badges.1.logoUrl": "",
        "badges.1.isActive": "on",
        "badges.2.name": "",
        "badges.2.logoUrl": "/badges/liberty-roofing.svg",
        "badges.2.isActive": "on",
        "badges.3.name": "Hidden Partner",
        "badges.3.logoUrl": "/media/logos/0b8c2a4e-0000-4000-8000-000000000000-320.webp",
        "badges.4.name": "Keystone",
        "badges.4.logoUrl": "/badges/keystone-plumbing.svg",
        "badges.4.isActive": "on",
      });
      expect(result.body.toast).toEqual({ title: "Success", message: "Trust badges section updated successfully!" });
      const rows = await database.db.select().from(trustBadges).orderBy(trustBadges.displayOrder);
      expect(rows.map((row) => [row.displayOrder, row.name, row.isActive])).toEqual([
        [1, "IICRC", true],
        [2, "Hidden Partner", false],
        [3, "Keystone", true],
      ]);
      const shown = await loadTrustBadges(readers());
      expect(shown).toEqual({
        ...section,
        badges: [
          { name: "IICRC", logoUrl: "/badges/iicrc-certified.svg" },
          { name: "Keystone", logoUrl: "/badges/keystone-plumbing.svg" },
        ],
      });
    });

    it("renumbers after a badge is removed and follows a new order", async () => {
      const stored = defaultTrustBadges.map((badge) => ({ ...badge }));
      const [first, second, third, ...rest] = stored;
      const list = [third, first, ...rest].filter((badge) => badge !== undefined);
      expect(second).toBeDefined();
      const fields: Record<string, string> = { ...section };
      list.forEach((badge, index) => {
        fields[`badges.${index}.name`] = badge.name;
        fields[`badges.${index}.logoUrl`] = badge.logoUrl;
        fields[`badges.${index}.isActive`] = "on";
      });
      expect((await post(badgesRoute, "/admin/trust-badges", fields)).status).toBe(200);
      const rows = await database.db.select().from(trustBadges).orderBy(trustBadges.displayOrder);
      expect(rows.map((row) => [row.displayOrder, row.name])).toEqual(list.map((badge, index) => [index + 1, badge.name]));
    });

    it.each([
      ["headline", { headline: "" }, "Headline is required"],
      ["description", { description: "x".repeat(601) }, "Description must be at most 600 characters"],
      ["badges.0.name", { "badges.0.name": "x".repeat(81), "badges.0.logoUrl": "/badges/a.svg" }, "Name must be at most 80 characters"],
      ["badges.0.logoUrl", { "badges.0.name": "Evil", "badges.0.logoUrl": "javascript:alert(1)" }, imageUrlMessage],
      [
        "badges",
        Object.fromEntries(Array.from({ length: 31 }, (_, index) => [`badges.${index}.name`, `Badge ${index}`])),
        "At most 30 badges",
      ],
    ])("refuses a bad %s and changes nothing", async (field, overrides, message) => {
      await expectRefused(badgesRoute, "/admin/trust-badges", { ...section, ...overrides }, field, message);
      expect(await database.db.select().from(trustBadges)).toHaveLength(defaultTrustBadges.length);
    });

    it("refuses a forged list index with 400 and a message, at once, changing nothing", async () => {
      const versionBefore = await readContentVersion(database.db);
      const started = performance.now();
      const result = await post(badgesRoute, "/admin/trust-badges", { ...section, "badges.4294967294.name": "x" });
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(result).toEqual({ status: 400, body: { ok: false, toast: { title: "Error", message: unreadableFormMessage } } });
      expect(await readContentVersion(database.db)).toBe(versionBefore);
      expect(await database.db.select().from(trustBadges)).toHaveLength(defaultTrustBadges.length);
    });

    it("concurrent saves leave one whole list, numbered from 1, and a revision each", async () => {
      const lists = Array.from({ length: 8 }, (_, save) =>
        Array.from({ length: 2 + (save % 4) }, (_, index) => ({
          name: `Save ${save} badge ${index}`,
          logoUrl: `/badges/${save}-${index}.svg`,
        })),
      );
      const results = await Promise.all(
        lists.map((list, save) =>
          post(badgesRoute, "/admin/trust-badges", {
            headline: `Headline ${save}`,
            description: "",
            ...Object.fromEntries(
              list.flatMap((badge, index) => [
                [`badges.${index}.name`, badge.name],
                [`badges.${index}.logoUrl`, badge.logoUrl],
                [`badges.${index}.isActive`, "on"],
              ]),
            ),
          }),
        ),
      );
      expect(results.map((result) => result.status)).toEqual(lists.map(() => 200));

      const rows = await database.db.select().from(trustBadges).orderBy(trustBadges.displayOrder);
      const saveOf = rows[0]?.name.split(" ")[1];
      const winner = lists[Number(saveOf)] ?? [];
      expect(rows.map((row) => [row.displayOrder, row.name, row.logoUrl])).toEqual(
        winner.map((badge, index) => [index + 1, badge.name, badge.logoUrl]),
      );
      expect((await loadTrustBadges(readers())).headline).toBe(`Headline ${saveOf}`);
      // Each save read the one before it: the last revision is what the site shows.
      const revisions = await listRevisions(database.db, "trust-badges", 20);
      expect(revisions).toHaveLength(lists.length + 1);
      const [latest] = await database.db
        .select({ content: contentRevisions.content })
        .from(contentRevisions)
        .where(eq(contentRevisions.id, revisions[0]?.id ?? ""));
      expect((latest?.content as { headline: string }).headline).toBe(`Headline ${saveOf}`);
    });
  });

  describe("the site settings", () => {
    it("saves every field, used by the public pages at once", async () => {
      const result = await post(settingsRoute, "/admin/settings", settingsForm);
      expect(result.body.toast).toEqual({ title: "Success", message: editorMessages.settings.saved });
      expect(await loadCompanySettings(readers())).toEqual({
        name: settingsForm.companyName,
        phone: settingsForm.phoneNumber,
        officeEmail: "desk@ready.example",
        address: settingsForm.address,
        emergencyMessage: settingsForm.emergencyMessage,
      });
      const page = await load<{ content: { callbackPromiseMinutes: number } }>(settingsRoute, "/admin/settings");
      expect(page.body.content.callbackPromiseMinutes).toBe(30);
      expect(page.body.content).toMatchObject({ ratingValue: 4.9, ratingCount: 212 });
    });

    it.each([
      ["companyName", "", "Company name is required"],
      ["phoneNumber", "", "Phone number is required"],
      ["phoneNumber", "call us", "Please enter a valid phone number"],
      ["phoneNumber", "123", "Please enter a valid phone number"],
      ["officeEmail", "office", "Please enter a valid email address"],
      ["officeEmail", "", "Office email is required"],
      ["companyName", "x".repeat(101), "Company name must be at most 100 characters"],
      ["phoneNumber", "2".repeat(21), "Phone number must be at most 20 characters"],
      ["officeEmail", `${"x".repeat(95)}@a.com`, "Office email must be at most 100 characters"],
      ["address", "", "Address is required"],
      ["address", "x".repeat(201), "Address must be at most 200 characters"],
      ["emergencyMessage", "", "Emergency message is required"],
      ["emergencyMessage", "x".repeat(121), "Emergency message must be at most 120 characters"],
      ["callbackPromiseMinutes", "4", callbackPromiseMessage],
      ["callbackPromiseMinutes", "1441", callbackPromiseMessage],
      ["callbackPromiseMinutes", "12.5", callbackPromiseMessage],
      ["callbackPromiseMinutes", "soon", callbackPromiseMessage],
      ["callbackPromiseMinutes", "", callbackPromiseMessage],
      ["address", "5 Market Street\u0000", controlCharacterMessage],
      ["ratingValue", "5.5", ratingValueMessage],
      ["ratingValue", "4.85", ratingValueMessage],
      ["ratingValue", "", ratingValueMessage],
      ["ratingCount", "-1", ratingCountMessage],
      ["ratingCount", "1.5", ratingCountMessage],
    ])("refuses %s = %j", async (field, value, message) => {
      await expectRefused(settingsRoute, "/admin/settings", { ...settingsForm, [field]: value }, field, message);
      expect((await loadCompanySettings(readers())).name).toBe(defaultCompany.name);
    });

    it("says what the call-back promise must be, in plain words", () => {
      expect(callbackPromiseMessage).toBe("Call-back promise must be a whole number of minutes from 5 to 1440");
    });
  });

  describe("the mission reasons", () => {
    it("saves the reasons in their new order with their icons", async () => {
      const result = await post(missionRoute, "/admin/mission", missionForm);
      expect(result.body.toast).toEqual({ title: "Success", message: editorMessages.mission.saved });
      expect(await loadReasons(readers())).toEqual({
        headline: "Why Neighbors Call Us",
        subheadline: "Three reasons.",
        reasons: [
          { text: "Veteran operated", icon: "shield", detail: "" },
          { text: "Answers 24/7", icon: "clock", detail: "" },
        ],
      });
    });

    it.each([
      ["headline", { headline: "" }, "Headline is required"],
      ["subheadline", { subheadline: "x".repeat(241) }, "Subheadline must be at most 240 characters"],
      ["reasons.1.text", { "reasons.1.text": "" }, "Reason is required"],
      ["reasons.0.icon", { "reasons.0.icon": "rocket" }, "Choose an icon: clock, shield, check or star"],
      ["reasons.1.text", { "reasons.1.text": "Answers\u0000 24/7" }, controlCharacterMessage],
    ])("refuses a bad %s", async (field, overrides, message) => {
      await expectRefused(missionRoute, "/admin/mission", { ...missionForm, ...overrides }, field, message);
    });
  });

  describe("the services", () => {
    it("are seeded from the fixed copy and saved card by card", async () => {
      expect((await loadServices(readers())).map((card) => card.title)).toEqual(defaultServices.map((card) => card.title));
      const fields = { ...servicesForm(), "cards.3.title": "Storm & Wind Damage", "cards.3.icon": "hammer", "cards.3.featured": "on" };
      const result = await post(servicesRoute, "/admin/services", fields);
      expect(result.body.toast).toEqual({ title: "Success", message: editorMessages.services.saved });
      const storm = (await loadServices(readers()))[3];
      expect(storm).toMatchObject({
        slug: "storm",
        title: "Storm & Wind Damage",
        icon: "hammer",
        featured: true,
        href: "/storm-damage-restoration",
      });
      const [latest] = await listRevisions(database.db, "services");
      expect(latest?.changedFields).toEqual(["Service cards"]);
    });

    it.each([
      ["cards.0.title", { "cards.0.title": "" }, "Title is required"],
      ["cards.0.title", { "cards.0.title": "x".repeat(81) }, "Title must be at most 80 characters"],
      ["cards.1.subtitle", { "cards.1.subtitle": "" }, "Subtitle is required"],
      ["cards.1.subtitle", { "cards.1.subtitle": "x".repeat(81) }, "Subtitle must be at most 80 characters"],
      ["cards.2.summary", { "cards.2.summary": "" }, "Summary is required"],
      ["cards.2.summary", { "cards.2.summary": "x".repeat(241) }, "Summary must be at most 240 characters"],
      ["cards.2.summary", { "cards.2.summary": "\u0000" }, controlCharacterMessage],
      ["cards.3.description", { "cards.3.description": "" }, "Description is required"],
      ["cards.3.description", { "cards.3.description": "x".repeat(501) }, "Description must be at most 500 characters"],
      ["cards.1.subcategories.2", { "cards.1.subcategories.2": "" }, "Subcategory is required"],
      ["cards.2.icon", { "cards.2.icon": "rocket" }, "Choose an icon"],
      ["cards.3.imageUrl", { "cards.3.imageUrl": "data:image/png;base64,AAAA" }, imageUrlMessage],
      ["cards", { "cards.3.slug": "plumbing" }, "Every service card must be there, once"],
      ["cards", { "cards.3.slug": "water" }, "Every service card must be there, once"],
    ])("refuses a bad %s", async (field, overrides, message) => {
      await expectRefused(servicesRoute, "/admin/services", { ...servicesForm(), ...overrides }, field, message);
    });
  });

  describe("the town pages", () => {
    const ambler = "ambler";
    const hatboro = "hatboro";

    it("start from the fixed copy, save an intro and an empty one, raise the content version and keep the version before", async () => {
      expect(await loadTownIntro(readers(), ambler)).toBe(defaultTownIntro(ambler));
      const versionBefore = await readContentVersion(database.db);
      const intro = "We dried out forty basements along the creek after the last storm.\nAsk your neighbours.";
      const result = await post(townsRoute, "/admin/towns", townsForm({ ambler: intro, hatboro: "" }));
      expect(result.body).toEqual({ ok: true, toast: { title: "Success", message: editorMessages.towns.saved } });
      expect(await loadTownIntro(readers(), ambler)).toBe(intro);
      // Cleared on purpose: the page has no intro, rather than the fixed copy or another town's.
      expect(await loadTownIntro(readers(), hatboro)).toBe("");
      expect(await readContentVersion(database.db)).toBeGreaterThan(versionBefore);
      const [latest, initial] = await listRevisions(database.db, "towns");
      expect(latest).toMatchObject({ kind: "save", changedFields: ["Town intros"], authorEmail: editor.email });
      expect(initial?.kind).toBe("initial");
    });

    it("the editor's page lists every town with its intro, for staff only", async () => {
      const page = await load<{ content: { towns: { slug: string; intro: string }[] } }>(townsRoute, "/admin/towns");
      expect(page.body.content.towns.map((town) => town.slug)).toEqual(towns.map((town) => town.slug));
    });

    it.each([
      ["towns.2.intro", { "towns.2.intro": "x".repeat(townIntroMaxLength + 1) }, `Intro must be at most ${townIntroMaxLength} characters`],
      ["towns", { "towns.11.slug": "atlantis" }, "Every town must be there, once"],
      ["towns", { "towns.11.slug": "ambler" }, "Every town must be there, once"],
    ])("refuses a bad %s", async (field, overrides, message) => {
      await expectRefused(townsRoute, "/admin/towns", { ...townsForm(), ...overrides }, field, message);
      expect(await loadTownIntro(readers(), ambler)).toBe(defaultTownIntro(ambler));
    });
  });

  describe("saves against the revision they loaded", () => {
    it("refuses a stale save with who and when, both versions, and nothing written; a deliberate overwrite then saves", async () => {
      const opened = await load<{ revisions: { id: string }[] }>(heroRoute, "/admin/hero");
      const base = opened.body.revisions[0]?.id ?? "";
      const first = await post(heroRoute, "/admin/hero", { ...heroForm, baseRevision: base }, admin.cookie);
      expect(first.status).toBe(200);
      const [theirs] = await listRevisions(database.db, "hero");
      const versionBefore = await readContentVersion(database.db);

      const stale = await post(heroRoute, "/admin/hero", { ...heroForm, title: "Mine, typed meanwhile", baseRevision: base });
      expect(stale.status).toBe(409);
      expect(stale.body.toast).toEqual({ title: "Error", message: expect.stringMatching(new RegExp(`^Changed by ${admin.email} at .+ since you opened it$`)) });
      expect(stale.body.conflict).toEqual({
        revisionId: theirs?.id,
        authorEmail: admin.email,
        createdAt: theirs?.createdAt,
        fields: [{ label: "Title", theirs: heroForm.title, yours: "Mine, typed meanwhile" }],
      });
      expect(stale.body.values).toMatchObject({ title: "Mine, typed meanwhile", baseRevision: base });
      expect((await loadHero(readers())).title).toBe(heroForm.title);
      expect(await readContentVersion(database.db)).toBe(versionBefore);

      // Overwriting names the version it replaces: it saves once, and not over a third save made since.
      const overwrite = { ...heroForm, title: "Mine, on purpose", baseRevision: base, overwriteRevision: theirs?.id ?? "" };
      expect((await post(heroRoute, "/admin/hero", overwrite)).status).toBe(200);
      expect((await loadHero(readers())).title).toBe("Mine, on purpose");
      const again = await post(heroRoute, "/admin/hero", { ...overwrite, title: "Over a newer one" });
      expect(again.status).toBe(409);
      expect((await loadHero(readers())).title).toBe("Mine, on purpose");
    });

    it("refuses to restore over a save made since the history was opened, and restores once it is seen", async () => {
      await post(heroRoute, "/admin/hero", { ...heroForm, title: "First" });
      const [first] = await listRevisions(database.db, "hero");
      await post(heroRoute, "/admin/hero", { ...heroForm, title: "Second" }, admin.cookie);
      const [seen, older] = await listRevisions(database.db, "hero");

      const stale = await post(heroRoute, "/admin/hero", { intent: "restore", revisionId: older?.id ?? "", baseRevision: first?.id ?? "" });
      expect(stale.status).toBe(409);
      expect(stale.body.toast).toEqual({ title: "Error", message: expect.stringMatching(new RegExp(`^Changed by ${admin.email} at .+ since you opened it$`)) });
      expect((await loadHero(readers())).title).toBe("Second");

      const restored = await post(heroRoute, "/admin/hero", { intent: "restore", revisionId: older?.id ?? "", baseRevision: seen?.id ?? "" });
      expect(restored.status).toBe(200);
      expect((await loadHero(readers())).title).toBe("First");
    });

    it("saves at once when nothing came between, including the first save of a section", async () => {
      const opened = await load<{ revisions: { id: string }[] }>(missionRoute, "/admin/mission");
      expect(opened.body.revisions).toEqual([]);
      expect((await post(missionRoute, "/admin/mission", { ...missionForm, baseRevision: "" })).status).toBe(200);
      const [latest] = await listRevisions(database.db, "mission");
      expect((await post(missionRoute, "/admin/mission", { ...missionForm, headline: "Next", baseRevision: latest?.id ?? "" })).status).toBe(200);
      expect((await post(missionRoute, "/admin/mission", { ...missionForm, headline: "Stale", baseRevision: "" })).status).toBe(409);
    });
  });

  describe("the audit log and the dashboard", () => {
    it("lists every change with who and when, newest first, for administrators only", async () => {
      await post(heroRoute, "/admin/hero", heroForm);
      await post(settingsRoute, "/admin/settings", settingsForm, admin.cookie);
      const log = await auditLog(database.db);
      expect(log.total).toBe(2);
      expect(log.entries.map((entry) => (entry.source === "content" ? [entry.section, entry.authorEmail] : []))).toEqual([
        ["settings", admin.email],
        ["hero", editor.email],
      ]);

      const asAdmin = await load<{ entries: unknown[] }>(auditRoute, "/admin/audit", admin.cookie);
      expect(asAdmin.body.entries).toHaveLength(2);
      const asEditor = await load<{ refusal: string }>(auditRoute, "/admin/audit", editor.cookie);
      expect(asEditor).toMatchObject({ status: 403, body: { refusal: "admin-only" } });
    });

    it("dates the dashboard's last update from the last save", async () => {
      const before = await lastContentChange(database.db);
      await post(missionRoute, "/admin/mission", missionForm);
      const after = await lastContentChange(database.db);
      expect(after?.getTime()).toBeGreaterThan(before?.getTime() ?? 0);
    });
  });
});
