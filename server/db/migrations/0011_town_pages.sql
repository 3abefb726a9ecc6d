CREATE TABLE "town_pages" (
	"slug" text PRIMARY KEY NOT NULL,
	"intro" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_revisions" DROP CONSTRAINT "content_revisions_section_known";--> statement-breakpoint
ALTER TABLE "content_revisions" ADD CONSTRAINT "content_revisions_section_known" CHECK ("content_revisions"."section" in ('hero', 'trust-badges', 'settings', 'mission', 'services', 'notifications', 'towns'));