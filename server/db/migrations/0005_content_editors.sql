CREATE TABLE "content_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"section" text NOT NULL,
	"kind" text NOT NULL,
	"content" jsonb NOT NULL,
	"changed_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"restored_from_id" uuid,
	"author_id" text,
	"author_email" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_revisions_section_known" CHECK ("content_revisions"."section" in ('hero', 'trust-badges', 'settings', 'mission', 'services')),
	CONSTRAINT "content_revisions_kind_known" CHECK ("content_revisions"."kind" in ('initial', 'save', 'restore'))
);
--> statement-breakpoint
CREATE TABLE "service_cards" (
	"slug" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"subtitle" text NOT NULL,
	"summary" text NOT NULL,
	"description" text NOT NULL,
	"subcategories" jsonb NOT NULL,
	"icon" text NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"image_url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_revisions" ADD CONSTRAINT "content_revisions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_revisions_section_idx" ON "content_revisions" USING btree ("section","created_at");--> statement-breakpoint
CREATE INDEX "content_revisions_created_at_idx" ON "content_revisions" USING btree ("created_at");