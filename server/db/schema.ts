import { sql } from "drizzle-orm";
import { boolean, check, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** Single-row tables hold id 1 only: the constraint makes a second row impossible. */
const singletonId = () => smallint("id").primaryKey().default(1);
const singletonCheck = (name: string) => (table: { id: unknown }) => [check(`${name}_single_row`, sql`${table.id} = 1`)];
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
    updatedAt: updatedAt(),
  },
  singletonCheck("site_settings"),
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

export type ReasonIcon = "clock" | "shield" | "check" | "star";
export interface Reason {
  text: string;
  icon: ReasonIcon;
}

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
