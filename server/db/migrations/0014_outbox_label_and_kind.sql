ALTER TABLE "outbox_messages" ADD COLUMN "label" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_kind_known" CHECK ("outbox_messages"."kind" in ('email', 'webhook', 'push'));--> statement-breakpoint
-- data
UPDATE "outbox_messages" SET "label" = CASE "kind" WHEN 'webhook' THEN 'Copy to your other software (webhook)' WHEN 'push' THEN coalesce("payload"->>'label', 'Push alert') ELSE coalesce("payload"->>'label', 'Email') END;--> statement-breakpoint
UPDATE "outbox_messages" SET "payload" = "payload" - 'label' WHERE "payload" ? 'label';
