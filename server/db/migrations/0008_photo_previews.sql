ALTER TABLE "service_request_photos" ADD COLUMN "preview_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_request_photos" ADD COLUMN "preview_error" text;
