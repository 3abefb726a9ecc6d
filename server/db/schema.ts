import { sql } from "drizzle-orm";
import type { ServedTown } from "#app/content/company.ts";
import { accountRoles, type AccountRole } from "#app/domain/roles.ts";
import type { ServiceIcon } from "#app/domain/icons.ts";
import { contentSections, revisionKinds, type ContentSection, type Reason, type RevisionKind } from "#app/domain/content-sections.ts";
import { requestSources, requestStatuses, type RequestSource, type RequestStatus } from "#app/domain/request-statuses.ts";
import { outboxKinds, type DeliveryChannel, type OutboxKind, type OutboxStatus } from "#app/domain/outbox.ts";
import { publicationStatuses, type PublicationStatus, type ShowcaseService } from "#app/domain/showcase.ts";
import { staffEventKinds, type StaffEventKind } from "#app/domain/staff-events.ts";
import {
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/** Single-row tables hold id 1 only: the constraint makes a second row impossible. */
const singletonId = () => smallint("id").primaryKey().default(1);
const singletonCheck = (name: string) => (table: { id: unknown }) => [check(`${name}_single_row`, sql`${table.id} = 1`)];
/** A list of our own constants as SQL literals, for check constraints. */
const sqlList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(", "));
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export const siteSettings = pgTable(
  "site_settings",
  {
    id: singletonId(),
    companyName: text("company_name").notNull(),
    phoneNumber: text("phone_number").notNull(),
    officeEmail: text("office_email").notNull(),
    address: text("address").notNull(),
    emergencyMessage: text("emergency_message").notNull(),
    /** How soon the office promises to call back a new request. */
    callbackPromiseMinutes: integer("callback_promise_minutes").notNull().default(60),
    /** The rating shown (badge, search data) while no review is published: the spec's 5.0 from 150. */
    ratingValue: doublePrecision("rating_value").notNull().default(5),
    ratingCount: integer("rating_count").notNull().default(150),
    updatedAt: updatedAt(),
  },
  singletonCheck("site_settings"),
);

/** Who is emailed about every new request: an administrator's setting, audited like content. */
export const officeNotifications = pgTable(
  "office_notifications",
  {
    id: singletonId(),
    recipients: jsonb("recipients").$type<string[]>().notNull(),
    updatedAt: updatedAt(),
  },
  singletonCheck("office_notifications"),
);

/**
 * A counter raised in the same transaction as every content save: whatever caches public pages
 * keys them by it, so a save is visible at once on every instance sharing the database.
 */
export const contentVersion = pgTable(
  "content_version",
  {
    id: singletonId(),
    version: integer("version").notNull().default(1),
    updatedAt: updatedAt(),
  },
  singletonCheck("content_version"),
);

export const heroContent = pgTable(
  "hero_content",
  {
    id: singletonId(),
    title: text("title").notNull(),
    subtitle: text("subtitle").notNull(),
    description: text("description").notNull(),
    buttonText: text("button_text").notNull(),
    backgroundImageUrl: text("background_image_url"),
    backgroundImageAlt: text("background_image_alt").notNull().default(""),
    /** A tiny blurred copy of the photo as a data address, shown while the photo loads. */
    backgroundImagePlaceholder: text("background_image_placeholder").notNull().default(""),
    /** The photo beside the home page's story (the founder, the crew); our illustration when there is none. */
    storyImageUrl: text("story_image_url"),
    storyImageAlt: text("story_image_alt").notNull().default(""),
    storyImagePlaceholder: text("story_image_placeholder").notNull().default(""),
    updatedAt: updatedAt(),
  },
  singletonCheck("hero_content"),
);

export const trustBadgesSection = pgTable(
  "trust_badges_section",
  {
    id: singletonId(),
    headline: text("headline").notNull(),
    description: text("description").notNull(),
    updatedAt: updatedAt(),
  },
  singletonCheck("trust_badges_section"),
);

export const trustBadges = pgTable("trust_badges", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  logoUrl: text("logo_url").notNull(),
  isActive: boolean("is_active").notNull().default(true),
  displayOrder: integer("display_order").notNull(),
});


export const reasonsContent = pgTable(
  "reasons_content",
  {
    id: singletonId(),
    headline: text("headline").notNull(),
    subheadline: text("subheadline").notNull(),
    reasons: jsonb("reasons").$type<Reason[]>().notNull().default([]),
    updatedAt: updatedAt(),
  },
  singletonCheck("reasons_content"),
);

/** The services cards (carousel, home trio, footer), one row per service, seeded from the fixed copy. */
export const serviceCards = pgTable("service_cards", {
  slug: text("slug").primaryKey(),
  position: integer("position").notNull(),
  title: text("title").notNull(),
  subtitle: text("subtitle").notNull(),
  summary: text("summary").notNull(),
  description: text("description").notNull(),
  subcategories: jsonb("subcategories").$type<string[]>().notNull(),
  icon: text("icon").$type<ServiceIcon>().notNull(),
  featured: boolean("featured").notNull().default(false),
  imageUrl: text("image_url"),
  updatedAt: updatedAt(),
});

/** A served town's page: the office's short intro (empty: the page has none). A town without a row shows the fixed copy's. */
export const townPages = pgTable("town_pages", {
  slug: text("slug").primaryKey(),
  intro: text("intro").notNull(),
  updatedAt: updatedAt(),
});

/**
 * Every version of every content section, written in the save's transaction: who, when, what
 * changed, and the whole content, so any version can be restored. It is also the audit log.
 */
export const contentRevisions = pgTable(
  "content_revisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    section: text("section").$type<ContentSection>().notNull(),
    kind: text("kind").$type<RevisionKind>().notNull(),
    content: jsonb("content").notNull(),
    /** Labels of the fields that differ from the version before. */
    changedFields: jsonb("changed_fields").$type<string[]>().notNull().default([]),
    restoredFromId: uuid("restored_from_id"),
    authorId: text("author_id").references(() => users.id, {
      onDelete: "set null",
    }),
    /** Kept when the account goes; empty for the content as first installed. */
    authorEmail: text("author_email").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("content_revisions_section_idx").on(table.section, table.createdAt),
    index("content_revisions_created_at_idx").on(table.createdAt),
    check("content_revisions_section_known", sql`${table.section} in (${sqlList(contentSections)})`),
    check("content_revisions_kind_known", sql`${table.kind} in (${sqlList(revisionKinds)})`),
  ],
);

export const serviceRequests = pgTable(
  "service_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    status: text("status").$type<RequestStatus>().notNull().default("new"),
    /** When the status last changed: retention counts from here. */
    statusChangedAt: timestamp("status_changed_at", { withTimezone: true }).notNull().defaultNow(),
    problem: text("problem").notNull(),
    problemDescription: text("problem_description").notNull().default(""),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    phone: text("phone").notNull(),
    email: text("email").notNull(),
    address: text("address").notNull().default(""),
    referralSource: text("referral_source").notNull().default(""),
    referralOther: text("referral_other").notNull().default(""),
    additionalComments: text("additional_comments").notNull().default(""),
    /** Triage answers (water problems only): "Yes", "No", "Not sure" or "" when not answered. */
    sourceStopped: text("source_stopped").notNull().default(""),
    standingWater: text("standing_water").notNull().default(""),
    insuranceCompany: text("insurance_company").notNull().default(""),
    claimNumber: text("claim_number").notNull().default(""),
    /** Decided once on arrival by the urgency rule (`isUrgent`): the inbox sorts by it. */
    urgent: boolean("urgent").notNull().default(false),
    /** Keyed hash of the sender's network address: enough to limit abuse, useless to identify anyone. */
    clientHash: text("client_hash").notNull(),
    userAgent: text("user_agent").notNull().default(""),
    /** Why the spam defence caught it, when it did. */
    spamReason: text("spam_reason"),
    /** The first staff member who said "I'm on it", and when (the email stays if the account goes). */
    acknowledgedAt: timestamp("acknowledged_at", { withTimezone: true }),
    acknowledgedById: text("acknowledged_by_id").references(() => users.id, { onDelete: "set null" }),
    acknowledgedByEmail: text("acknowledged_by_email"),
    /** When the administrators were alerted that an urgent request was left alone: once only. */
    escalatedAt: timestamp("escalated_at", { withTimezone: true }),
    /** When the administrators were alerted that the call-back promise passed: once only. */
    callbackAlertedAt: timestamp("callback_alerted_at", { withTimezone: true }),
    /** How the lead reached us: the website's form, or a phone call staff logged. */
    source: text("source").$type<RequestSource>().notNull().default("web"),
    /** Who logged a phone call (kept when the account goes); empty for the website's requests. */
    loggedByEmail: text("logged_by_email").notNull().default(""),
    /** The staff member working it; the history of who assigned whom is `request_assignments`. */
    assigneeId: text("assignee_id").references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [
    index("service_requests_created_at_idx").on(table.createdAt),
    index("service_requests_status_idx").on(table.status, table.createdAt),
    index("service_requests_assignee_idx").on(table.assigneeId),
    check("service_requests_status_known", sql`${table.status} in (${sqlList(requestStatuses)})`),
    check("service_requests_source_known", sql`${table.source} in (${sqlList(requestSources)})`),
  ],
);

export const serviceRequestPhotos = pgTable(
  "service_request_photos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => serviceRequests.id, { onDelete: "cascade" }),
    originalName: text("original_name").notNull(),
    storageKey: text("storage_key").notNull().unique(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    sha256: text("sha256").notNull(),
    position: integer("position").notNull(),
    /** Set once when no preview could be made (unreadable, too large, too slow): never tried again. */
    previewFailedAt: timestamp("preview_failed_at", { withTimezone: true }),
    previewError: text("preview_error"),
  },
  (table) => [index("service_request_photos_request_idx").on(table.requestId)],
);

/** Messages to deliver, written in the same transaction as what caused them, so none is lost or invented. */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").$type<OutboxKind>().notNull(),
    /** What the message is for, as staff see it with its delivery ("Office email", "Push alert to …"); never sent. */
    label: text("label").notNull().default(""),
    payload: jsonb("payload").notNull(),
    requestId: uuid("request_id").references(() => serviceRequests.id, {
      onDelete: "cascade",
    }),
    status: text("status").$type<OutboxStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** Where a sent message went: a mail server, a file (no mail server configured), the webhook or a push service. */
    sentVia: text("sent_via").$type<DeliveryChannel>(),
  },
  (table) => [
    index("outbox_messages_due_idx").on(table.status, table.nextAttemptAt),
    index("outbox_messages_request_idx").on(table.requestId),
    // A request's webhook exists once, whatever retries or restarts happen.
    uniqueIndex("outbox_messages_one_webhook_per_request")
      .on(table.requestId)
      .where(sql`${table.kind} = 'webhook'`),
    check("outbox_messages_kind_known", sql`${table.kind} in (${sqlList(outboxKinds)})`),
  ],
);

/** One row per counted attempt; shared by every instance through the database. */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    key: text("key").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("rate_limit_hits_key_at_idx").on(table.key, table.at)],
);

// The four tables below are better-auth's (user, session, account, verification), with our `role`.
export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    role: text("role").$type<AccountRole>().notNull().default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (table) => [check("users_role_known", sql`${table.role} in (${sqlList(accountRoles)})`)],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (table) => [index("sessions_user_id_idx").on(table.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", {
      withTimezone: true,
    }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", {
      withTimezone: true,
    }),
    scope: text("scope"),
    password: text("password"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (table) => [index("accounts_user_id_idx").on(table.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (table) => [index("verifications_identifier_idx").on(table.identifier)],
);

/**
 * The audit log's record of staff actions that are not content: role changes (approvals,
 * refusals, revocations), password resets and CSV exports. Who did it is kept by email too, so
 * an entry outlives the account.
 */
export const staffEvents = pgTable(
  "staff_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").$type<StaffEventKind>().notNull(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email").notNull(),
    /** The account acted on (a role change), empty when none. */
    subjectEmail: text("subject_email").notNull().default(""),
    /** What the kind needs to be read back: the roles before and after, the export's filter and row count. */
    details: jsonb("details").$type<Record<string, string | number>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("staff_events_created_at_idx").on(table.createdAt),
    check("staff_events_kind_known", sql`${table.kind} in (${sqlList(staffEventKinds)})`),
  ],
);

/** One-time links that create the first administrator; only a hash of the token is kept. */
export const adminSetupTokens = pgTable("admin_setup_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Staff notes on a request, with who wrote them (the email stays if the account goes). */
export const requestNotes = pgTable(
  "request_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => serviceRequests.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => users.id, {
      onDelete: "set null",
    }),
    authorEmail: text("author_email").notNull(),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("request_notes_request_idx").on(table.requestId, table.createdAt)],
);

/** Every status change of a request: from what, to what, by whom, when. */
export const requestStatusChanges = pgTable(
  "request_status_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => serviceRequests.id, { onDelete: "cascade" }),
    fromStatus: text("from_status").$type<RequestStatus>().notNull(),
    toStatus: text("to_status").$type<RequestStatus>().notNull(),
    changedById: text("changed_by_id").references(() => users.id, {
      onDelete: "set null",
    }),
    changedByEmail: text("changed_by_email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("request_status_changes_request_idx").on(table.requestId, table.createdAt)],
);

/** Every assignment of a request: to whom (no one: unassigned), by whom, when. Emails stay if the accounts go. */
export const requestAssignments = pgTable(
  "request_assignments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => serviceRequests.id, { onDelete: "cascade" }),
    assigneeId: text("assignee_id").references(() => users.id, { onDelete: "set null" }),
    /** Empty when the request was unassigned. */
    assigneeEmail: text("assignee_email").notNull().default(""),
    changedById: text("changed_by_id").references(() => users.id, { onDelete: "set null" }),
    changedByEmail: text("changed_by_email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("request_assignments_request_idx").on(table.requestId, table.createdAt)],
);

/** How long closed and spam requests keep their photos and data (an admin setting). */
export const requestRetention = pgTable(
  "request_retention",
  {
    id: singletonId(),
    closedDays: integer("closed_days").notNull().default(365),
    spamDays: integer("spam_days").notNull().default(30),
    updatedAt: updatedAt(),
  },
  singletonCheck("request_retention"),
);

/**
 * What changed in the requests, for the staff's open admin pages: written in the change's
 * transaction, announced on commit (NOTIFY), and read back by id so a reconnecting page catches up.
 * Only ids and flags: the pages load the rest themselves.
 */
export const adminEvents = pgTable(
  "admin_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").notNull(),
    requestId: uuid("request_id"),
    urgent: boolean("urgent").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("admin_events_created_at_idx").on(table.createdAt)],
);

/** A staff member's device that asked for push alerts (`PushSubscription.toJSON()`). */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    userAgent: text("user_agent").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("push_subscriptions_user_idx").on(table.userId)],
);

/** How long an urgent request may wait unacknowledged before the administrators are alerted again (an admin setting). */
export const alertSettings = pgTable(
  "alert_settings",
  {
    id: singletonId(),
    escalationMinutes: integer("escalation_minutes").notNull().default(10),
    updatedAt: updatedAt(),
  },
  (table) => [...singletonCheck("alert_settings")(table), check("alert_settings_escalation_positive", sql`${table.escalationMinutes} >= 1`)],
);

/**
 * A job the office shows: one photo, or a before and after pair (`beforeUrl` set). Rewritten as a
 * whole list by its editor, in `position` order.
 */
export const projects = pgTable(
  "projects",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    position: integer("position").notNull(),
    status: text("status").$type<PublicationStatus>().notNull().default("draft"),
    caption: text("caption").notNull(),
    /** A service key (`water`, `storm`…), or empty for none in particular. */
    service: text("service").$type<ShowcaseService | "">().notNull().default(""),
    town: text("town").$type<ServedTown | "">().notNull().default(""),
    completedOn: date("completed_on", { mode: "string" }),
    photoUrl: text("photo_url").notNull().default(""),
    photoAlt: text("photo_alt").notNull().default(""),
    photoPlaceholder: text("photo_placeholder").notNull().default(""),
    beforeUrl: text("before_url").notNull().default(""),
    beforeAlt: text("before_alt").notNull().default(""),
    beforePlaceholder: text("before_placeholder").notNull().default(""),
  },
  (table) => [
    index("projects_position_idx").on(table.position),
    check("projects_status_known", sql`${table.status} in (${sqlList(publicationStatuses)})`),
  ],
);

/** A customer's review, with their name as they agreed to show it. Rewritten as a whole list by its editor. */
export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    position: integer("position").notNull(),
    status: text("status").$type<PublicationStatus>().notNull().default("draft"),
    name: text("name").notNull(),
    town: text("town").$type<ServedTown | "">().notNull().default(""),
    service: text("service").$type<ShowcaseService | "">().notNull().default(""),
    rating: smallint("rating").notNull(),
    text: text("text").notNull(),
    reviewedOn: date("reviewed_on", { mode: "string" }),
    /** Where it was first written ("Google"), or empty. */
    source: text("source").notNull().default(""),
  },
  (table) => [
    index("reviews_position_idx").on(table.position),
    check("reviews_status_known", sql`${table.status} in (${sqlList(publicationStatuses)})`),
    check("reviews_rating_range", sql`${table.rating} between 1 and 5`),
  ],
);
