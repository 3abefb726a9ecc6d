CREATE TABLE "office_notifications" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"recipients" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "office_notifications_single_row" CHECK ("office_notifications"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "office_notifications" ("id", "recipients") SELECT 1, jsonb_build_array("office_email") FROM "site_settings" WHERE "id" = 1;--> statement-breakpoint
ALTER TABLE "service_requests" DROP CONSTRAINT "service_requests_status_known";--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_status_known" CHECK ("service_requests"."status" in ('new', 'contacted', 'scheduled', 'closed', 'suspected', 'spam'));--> statement-breakpoint
UPDATE "service_requests" SET "status" = 'suspected' WHERE "status" = 'spam' AND "spam_reason" IN ('sent too fast', 'no form start time');--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "sent_via" text;--> statement-breakpoint
ALTER TABLE "content_revisions" DROP CONSTRAINT "content_revisions_section_known";--> statement-breakpoint
ALTER TABLE "content_revisions" ADD CONSTRAINT "content_revisions_section_known" CHECK ("content_revisions"."section" in ('hero', 'trust-badges', 'settings', 'mission', 'services', 'notifications'));
