CREATE TABLE "hero_content" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"title" text NOT NULL,
	"subtitle" text NOT NULL,
	"description" text NOT NULL,
	"button_text" text NOT NULL,
	"background_image_url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hero_content_single_row" CHECK ("hero_content"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "reasons_content" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"headline" text NOT NULL,
	"subheadline" text NOT NULL,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reasons_content_single_row" CHECK ("reasons_content"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"company_name" text NOT NULL,
	"phone_number" text NOT NULL,
	"office_email" text NOT NULL,
	"address" text NOT NULL,
	"emergency_message" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_settings_single_row" CHECK ("site_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "trust_badges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"logo_url" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"display_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trust_badges_section" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"headline" text NOT NULL,
	"description" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trust_badges_section_single_row" CHECK ("trust_badges_section"."id" = 1)
);
