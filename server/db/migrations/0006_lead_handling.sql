ALTER TABLE "service_requests" ADD COLUMN "source_stopped" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "standing_water" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "insurance_company" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "claim_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "urgent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "outbox_messages_request_idx" ON "outbox_messages" USING btree ("request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_messages_one_webhook_per_request" ON "outbox_messages" USING btree ("request_id") WHERE "outbox_messages"."kind" = 'webhook';