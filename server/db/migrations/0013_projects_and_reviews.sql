CREATE TABLE "projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"position" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"caption" text NOT NULL,
	"service" text DEFAULT '' NOT NULL,
	"town" text DEFAULT '' NOT NULL,
	"completed_on" date,
	"photo_url" text DEFAULT '' NOT NULL,
	"photo_alt" text DEFAULT '' NOT NULL,
	"photo_placeholder" text DEFAULT '' NOT NULL,
	"before_url" text DEFAULT '' NOT NULL,
	"before_alt" text DEFAULT '' NOT NULL,
	"before_placeholder" text DEFAULT '' NOT NULL,
	CONSTRAINT "projects_status_known" CHECK ("projects"."status" in ('draft', 'published'))
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"position" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"name" text NOT NULL,
	"town" text DEFAULT '' NOT NULL,
	"service" text DEFAULT '' NOT NULL,
	"rating" smallint NOT NULL,
	"text" text NOT NULL,
	"reviewed_on" date,
	"source" text DEFAULT '' NOT NULL,
	CONSTRAINT "reviews_status_known" CHECK ("reviews"."status" in ('draft', 'published')),
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "content_revisions" DROP CONSTRAINT "content_revisions_section_known";--> statement-breakpoint
ALTER TABLE "hero_content" ADD COLUMN "background_image_alt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "hero_content" ADD COLUMN "background_image_placeholder" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "hero_content" ADD COLUMN "story_image_url" text;--> statement-breakpoint
ALTER TABLE "hero_content" ADD COLUMN "story_image_alt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "hero_content" ADD COLUMN "story_image_placeholder" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "rating_value" double precision DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "rating_count" integer DEFAULT 150 NOT NULL;--> statement-breakpoint
CREATE INDEX "projects_position_idx" ON "projects" USING btree ("position");--> statement-breakpoint
CREATE INDEX "reviews_position_idx" ON "reviews" USING btree ("position");--> statement-breakpoint
ALTER TABLE "content_revisions" ADD CONSTRAINT "content_revisions_section_known" CHECK ("content_revisions"."section" in ('hero', 'trust-badges', 'settings', 'mission', 'services', 'notifications', 'towns', 'projects', 'reviews'));