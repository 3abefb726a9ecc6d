CREATE TABLE "content_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_version_single_row" CHECK ("content_version"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "callback_promise_minutes" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
INSERT INTO "content_version" ("id") VALUES (1) ON CONFLICT DO NOTHING;
