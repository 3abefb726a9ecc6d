CREATE TABLE "staff_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"actor_id" text,
	"actor_email" text NOT NULL,
	"subject_email" text DEFAULT '' NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_events_kind_known" CHECK ("staff_events"."kind" in ('account-role', 'password-reset', 'requests-export'))
);
--> statement-breakpoint
ALTER TABLE "staff_events" ADD CONSTRAINT "staff_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_events_created_at_idx" ON "staff_events" USING btree ("created_at");