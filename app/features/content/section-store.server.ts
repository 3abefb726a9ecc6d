import { and, asc, count, desc, eq, getTableColumns, sql } from "drizzle-orm";
import type { z } from "zod";
import { defaultCompany, defaultRating } from "#app/content/company.ts";
import { defaultHero, defaultReasons, defaultTrustBadgesSection } from "#app/content/defaults.ts";
import { defaultServices } from "#app/content/services.ts";
import { defaultTownIntro } from "#app/content/town-intros.ts";
import { towns as servedTowns } from "#app/content/towns.ts";
import type { StaffMember } from "#app/features/auth/guard.server.ts";
import { readNotificationRecipients } from "#app/features/office-notifications/recipients.server.ts";
import { bumpContentVersion } from "#app/features/site/content-version.server.ts";
import type { Database } from "#server/db/client.ts";
import {
  contentRevisions,
  heroContent,
  officeNotifications,
  projects,
  reasonsContent,
  reviews,
  serviceCards,
  siteSettings,
  townPages,
  trustBadges,
  trustBadgesSection,
} from "#server/db/schema.ts";
import {
  heroSchema,
  missionSchema,
  notificationsSchema,
  projectsSchema,
  reviewsSchema,
  servicesSchema,
  settingsSchema,
  townsSchema,
  trustBadgesSchema,
  type HeroForm,
  type MissionForm,
  type NotificationsForm,
  type ProjectsForm,
  type ReviewsForm,
  type ServicesForm,
  type SettingsForm,
  type TownsForm,
  type TrustBadgesForm,
} from "./schemas.ts";
import type { ContentSection, RevisionKind } from "#app/domain/content-sections.ts";
import { isUuid } from "#app/domain/ids.ts";
import type { ConflictField, RevisionConflict, RevisionSummary } from "./revision-types.ts";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** How one section is read and written; `fields` labels what a revision says changed. */
interface SectionStore<Content> {
  schema: z.ZodType<Content, unknown>;
  fields: Record<keyof Content & string, string>;
  read(tx: Transaction): Promise<Content>;
  write(tx: Transaction, content: Content): Promise<void>;
}

interface SectionContent {
  hero: HeroForm;
  "trust-badges": TrustBadgesForm;
  settings: SettingsForm;
  mission: MissionForm;
  services: ServicesForm;
  notifications: NotificationsForm;
  towns: TownsForm;
  projects: ProjectsForm;
  reviews: ReviewsForm;
}

const hero: SectionStore<HeroForm> = {
  schema: heroSchema,
  fields: {
    title: "Title",
    subtitle: "Subtitle",
    description: "Description",
    buttonText: "Button text",
    backgroundImageUrl: "Background image",
    backgroundImageAlt: "Background image alt text",
    backgroundImagePlaceholder: "Background image",
    storyImageUrl: "Story photo",
    storyImageAlt: "Story photo alt text",
    storyImagePlaceholder: "Story photo",
  },
  async read(tx) {
    const [row] = await tx.select().from(heroContent).limit(1);
    const stored = row ?? defaultHero;
    return {
      title: stored.title,
      subtitle: stored.subtitle,
      description: stored.description,
      buttonText: stored.buttonText,
      backgroundImageUrl: stored.backgroundImageUrl,
      backgroundImageAlt: stored.backgroundImageAlt,
      backgroundImagePlaceholder: stored.backgroundImagePlaceholder,
      storyImageUrl: stored.storyImageUrl,
      storyImageAlt: stored.storyImageAlt,
      storyImagePlaceholder: stored.storyImagePlaceholder,
    };
  },
  async write(tx, content) {
    await tx
      .insert(heroContent)
      .values({ id: 1, ...content })
      .onConflictDoUpdate({
        target: heroContent.id,
        set: { ...content, updatedAt: sql`now()` },
      });
  },
};

const badges: SectionStore<TrustBadgesForm> = {
  schema: trustBadgesSchema,
  fields: {
    headline: "Headline",
    description: "Description",
    badges: "Badges",
  },
  async read(tx) {
    const [section] = await tx.select().from(trustBadgesSection).limit(1);
    const rows = await tx
      .select({
        name: trustBadges.name,
        logoUrl: trustBadges.logoUrl,
        isActive: trustBadges.isActive,
      })
      .from(trustBadges)
      .orderBy(asc(trustBadges.displayOrder), asc(trustBadges.name));
    const { headline, description } = section ?? defaultTrustBadgesSection;
    return { headline, description, badges: rows };
  },
  // Decision 6: the section is upserted, the list replaced, display orders renumbered from 1.
  async write(tx, content) {
    const section = {
      headline: content.headline,
      description: content.description,
    };
    await tx
      .insert(trustBadgesSection)
      .values({ id: 1, ...section })
      .onConflictDoUpdate({
        target: trustBadgesSection.id,
        set: { ...section, updatedAt: sql`now()` },
      });
    await tx.delete(trustBadges);
    if (content.badges.length > 0) {
      await tx.insert(trustBadges).values(
        content.badges.map((badge, index) => ({
          ...badge,
          displayOrder: index + 1,
        })),
      );
    }
  },
};

const settings: SectionStore<SettingsForm> = {
  schema: settingsSchema,
  fields: {
    companyName: "Company name",
    phoneNumber: "Phone number",
    officeEmail: "Office email (shown on the site)",
    address: "Address",
    emergencyMessage: "Emergency message",
    callbackPromiseMinutes: "Call-back promise (minutes)",
    ratingValue: "Rating",
    ratingCount: "Number of reviews",
  },
  async read(tx) {
    const [row] = await tx.select().from(siteSettings).limit(1);
    if (!row) {
      return {
        companyName: defaultCompany.name,
        phoneNumber: defaultCompany.phone,
        officeEmail: defaultCompany.officeEmail,
        address: defaultCompany.address,
        emergencyMessage: defaultCompany.emergencyMessage,
        callbackPromiseMinutes: 60,
        ...defaultRating,
      };
    }
    const { companyName, phoneNumber, officeEmail, address, emergencyMessage, callbackPromiseMinutes, ratingValue, ratingCount } = row;
    return {
      companyName,
      phoneNumber,
      officeEmail,
      address,
      emergencyMessage,
      callbackPromiseMinutes,
      ratingValue,
      ratingCount,
    };
  },
  async write(tx, content) {
    await tx
      .insert(siteSettings)
      .values({ id: 1, ...content })
      .onConflictDoUpdate({
        target: siteSettings.id,
        set: { ...content, updatedAt: sql`now()` },
      });
  },
};

const mission: SectionStore<MissionForm> = {
  schema: missionSchema,
  fields: {
    headline: "Headline",
    subheadline: "Subheadline",
    reasons: "Reasons",
  },
  async read(tx) {
    const [row] = await tx.select().from(reasonsContent).limit(1);
    const { headline, subheadline, reasons } = row ?? defaultReasons;
    return {
      headline,
      subheadline,
      reasons: reasons.map((reason) => ({ text: reason.text, icon: reason.icon, detail: "detail" in reason ? (reason.detail ?? "") : "" })),
    };
  },
  async write(tx, content) {
    await tx
      .insert(reasonsContent)
      .values({ id: 1, ...content })
      .onConflictDoUpdate({
        target: reasonsContent.id,
        set: { ...content, updatedAt: sql`now()` },
      });
  },
};

const services: SectionStore<ServicesForm> = {
  schema: servicesSchema,
  fields: { cards: "Service cards" },
  async read(tx) {
    const rows = await tx.select().from(serviceCards).orderBy(asc(serviceCards.position));
    const cards = rows.length > 0 ? rows : defaultServices;
    return {
      cards: cards.map(({ slug, title, subtitle, summary, description, subcategories, icon, featured, imageUrl }) => ({
        slug,
        title,
        subtitle,
        summary,
        description,
        subcategories: [...subcategories],
        icon,
        featured,
        imageUrl,
      })),
    };
  },
  async write(tx, content) {
    for (const [index, card] of content.cards.entries()) {
      const row = { ...card, position: index + 1 };
      await tx
        .insert(serviceCards)
        .values(row)
        .onConflictDoUpdate({
          target: serviceCards.slug,
          set: { ...row, updatedAt: sql`now()` },
        });
    }
  },
};

/** Not public content, but an administrator's setting kept the same way: every change audited, any version restorable. */
const notifications: SectionStore<NotificationsForm> = {
  schema: notificationsSchema,
  fields: { recipients: "Recipients" },
  async read(tx) {
    return { recipients: await readNotificationRecipients(tx) };
  },
  async write(tx, content) {
    await tx
      .insert(officeNotifications)
      .values({ id: 1, ...content })
      .onConflictDoUpdate({
        target: officeNotifications.id,
        set: { ...content, updatedAt: sql`now()` },
      });
  },
};

/** The towns in the fixed copy's order, each with its stored intro or, never saved, the fixed copy's. */
const towns: SectionStore<TownsForm> = {
  schema: townsSchema,
  fields: { towns: "Town intros" },
  async read(tx) {
    const rows = await tx.select({ slug: townPages.slug, intro: townPages.intro }).from(townPages);
    const stored = new Map(rows.map((row) => [row.slug, row.intro]));
    return { towns: servedTowns.map((town) => ({ slug: town.slug, intro: stored.get(town.slug) ?? defaultTownIntro(town.slug) })) };
  },
  async write(tx, content) {
    for (const town of content.towns) {
      await tx
        .insert(townPages)
        .values(town)
        .onConflictDoUpdate({ target: townPages.slug, set: { intro: town.intro, updatedAt: sql`now()` } });
    }
  },
};

/** A list table's columns but its id and position: what the editor edits (the order is the list's). */
function contentColumns<Table extends typeof projects | typeof reviews>(table: Table) {
  const columns: Partial<Table["_"]["columns"]> = { ...getTableColumns(table) };
  delete columns.id;
  delete columns.position;
  return columns as Omit<Table["_"]["columns"], "id" | "position">;
}

const projectsStore: SectionStore<ProjectsForm> = {
  schema: projectsSchema,
  fields: { projects: "Projects" },
  async read(tx) {
    return { projects: await tx.select(contentColumns(projects)).from(projects).orderBy(asc(projects.position)) };
  },
  // Like the trust badges: the list is replaced, positions renumbered from 1 in the order shown.
  async write(tx, content) {
    await tx.delete(projects);
    if (content.projects.length > 0) {
      await tx.insert(projects).values(content.projects.map((project, index) => ({ ...project, position: index + 1 })));
    }
  },
};

const reviewsStore: SectionStore<ReviewsForm> = {
  schema: reviewsSchema,
  fields: { reviews: "Reviews" },
  async read(tx) {
    return { reviews: await tx.select(contentColumns(reviews)).from(reviews).orderBy(asc(reviews.position)) };
  },
  async write(tx, content) {
    await tx.delete(reviews);
    if (content.reviews.length > 0) {
      await tx.insert(reviews).values(content.reviews.map((review, index) => ({ ...review, position: index + 1 })));
    }
  },
};

const stores: {
  [Section in ContentSection]: SectionStore<SectionContent[Section]>;
} = {
  hero,
  "trust-badges": badges,
  settings,
  mission,
  services,
  notifications,
  towns,
  projects: projectsStore,
  reviews: reviewsStore,
};

export function sectionSchema<Section extends ContentSection>(section: Section): z.ZodType<SectionContent[Section], unknown> {
  return stores[section].schema;
}

/** The section's content as an editor starts from (the defaults when it was never stored). */
export function readSection<Section extends ContentSection>(db: Database, section: Section): Promise<SectionContent[Section]> {
  return db.transaction((tx) => stores[section].read(tx));
}

function changedFields<Content>(store: SectionStore<Content>, before: Content, after: Content): string[] {
  return (Object.keys(store.fields) as (keyof Content & string)[])
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => store.fields[key]);
}

interface SaveOptions {
  kind?: Extract<RevisionKind, "save" | "restore">;
  restoredFromId?: string;
  /**
   * The revision the editor loaded ("" when the section had none): when another save came after
   * it, nothing is written and `StaleRevisionError` is thrown. Unset: no check (a script).
   */
  expectedRevision?: string;
}

/** A save refused because the section changed since the editor loaded it. */
export class StaleRevisionError extends Error {
  constructor(readonly conflict: RevisionConflict) {
    super(`The section changed since revision was loaded (now ${conflict.revisionId})`);
    this.name = "StaleRevisionError";
  }
}

/** A stored value as a person reads it: lists one item a line, items' parts joined, nothing hidden. */
export function displayValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return "(empty)";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "string" || typeof value === "number") return String(value);
  if (Array.isArray(value)) return value.length === 0 ? "(none)" : value.map((item) => displayValue(item)).join("\n");
  if (typeof value === "object") {
    return Object.values(value)
      .filter((part) => part !== null && part !== undefined && part !== "")
      .map((part) => (typeof part === "object" ? displayValue(part).replaceAll("\n", ", ") : displayValue(part)))
      .join(" · ");
  }
  return String(value);
}

function conflictFields<Content>(store: SectionStore<Content>, theirs: Content, yours: Content): ConflictField[] {
  return (Object.keys(store.fields) as (keyof Content & string)[])
    .filter((key) => JSON.stringify(theirs[key]) !== JSON.stringify(yours[key]))
    .map((key) => ({ label: store.fields[key], theirs: displayValue(theirs[key]), yours: displayValue(yours[key]) }));
}

/**
 * Saves a section's content with its revision, in one transaction that also raises the content
 * version. The version row is taken first and held to the end, so content saves queue one
 * behind the other: each reads the version before it, and concurrent saves never interleave.
 * The first save of a section also keeps the content as it was before (the installed copy).
 */
export async function saveSection<Section extends ContentSection>(
  db: Database,
  section: Section,
  content: SectionContent[Section],
  author: Pick<StaffMember, "id" | "email">,
  { kind = "save", restoredFromId, expectedRevision }: SaveOptions = {},
): Promise<{ revisionId: string; changed: string[] }> {
  const store = stores[section];
  return db.transaction(async (tx) => {
    await bumpContentVersion(tx);
    const previous = await store.read(tx);
    if (expectedRevision !== undefined) {
      // Checked with the version row held: no save can slip in between this look and the write.
      const [latest] = await tx
        .select({ id: contentRevisions.id, authorEmail: contentRevisions.authorEmail, createdAt: contentRevisions.createdAt })
        .from(contentRevisions)
        .where(eq(contentRevisions.section, section))
        .orderBy(desc(contentRevisions.createdAt))
        .limit(1);
      if ((latest?.id ?? "") !== expectedRevision && latest) {
        throw new StaleRevisionError({
          revisionId: latest.id,
          authorEmail: latest.authorEmail,
          createdAt: latest.createdAt.toISOString(),
          fields: conflictFields(store, previous, content),
        });
      }
    }
    const [{ revisions } = { revisions: 0 }] = await tx
      .select({ revisions: count() })
      .from(contentRevisions)
      .where(eq(contentRevisions.section, section));
    if (revisions === 0) {
      await tx.insert(contentRevisions).values({
        section,
        kind: "initial",
        content: previous,
        // Just before the save it precedes.
        createdAt: sql`clock_timestamp() - interval '1 millisecond'`,
      });
    }
    await store.write(tx, content);
    const changed = changedFields(store, previous, content);
    const [revision] = await tx
      .insert(contentRevisions)
      .values({
        section,
        kind,
        content,
        changedFields: changed,
        restoredFromId,
        authorId: author.id,
        authorEmail: author.email,
        // The clock once the lock is held, not the transaction's start: revisions sort in the order they were saved.
        createdAt: sql`clock_timestamp()`,
      })
      .returning({ id: contentRevisions.id });
    if (!revision) throw new Error("The revision was not written.");
    return { revisionId: revision.id, changed };
  });
}

export const restoreMessages = {
  missing: "That version no longer exists.",
  invalid: "That version no longer fits the editor's rules and cannot be restored.",
} as const;

/**
 * Makes an older revision the current content again: a save like any other, so it can be undone
 * too, and refused (`StaleRevisionError`) like one when `expectedRevision` is no longer the latest.
 */
export async function restoreRevision(
  db: Database,
  section: ContentSection,
  revisionId: string,
  author: Pick<StaffMember, "id" | "email">,
  expectedRevision?: string,
): Promise<{ error: string } | { revisionId: string; changed: string[] }> {
  if (!isUuid(revisionId)) return { error: restoreMessages.missing };
  const [revision] = await db
    .select({ content: contentRevisions.content })
    .from(contentRevisions)
    .where(and(eq(contentRevisions.id, revisionId), eq(contentRevisions.section, section)));
  if (!revision) return { error: restoreMessages.missing };
  const parsed = stores[section].schema.safeParse(revision.content);
  if (!parsed.success) return { error: restoreMessages.invalid };
  return saveSection(db, section, parsed.data, author, {
    kind: "restore",
    restoredFromId: revisionId,
    expectedRevision,
  });
}

/** The columns of a revision the history and the audit log list. */
export const revisionSummaryColumns = {
  id: contentRevisions.id,
  section: contentRevisions.section,
  kind: contentRevisions.kind,
  changedFields: contentRevisions.changedFields,
  authorEmail: contentRevisions.authorEmail,
  createdAt: contentRevisions.createdAt,
  restoredFromId: contentRevisions.restoredFromId,
};

function toSummary(row: Omit<RevisionSummary, "createdAt"> & { createdAt: Date }): RevisionSummary {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

const recentRevisionCount = 10;

/** A section's newest revisions first: the first one is the content as it stands. */
export async function listRevisions(db: Database, section: ContentSection, limit = recentRevisionCount): Promise<RevisionSummary[]> {
  const rows = await db
    .select(revisionSummaryColumns)
    .from(contentRevisions)
    .where(eq(contentRevisions.section, section))
    .orderBy(desc(contentRevisions.createdAt))
    .limit(limit);
  return rows.map(toSummary);
}
