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
--> statement-breakpoint
-- data
-- One why-choose-us for every page: the Mission content becomes the spec's six reasons with the home page's sentences, where it is still the content first installed (an office's edit is kept).
UPDATE "reasons_content" SET "headline" = 'Why Choose Us', "subheadline" = 'When water is on the floor or smoke is in the air, you need people who show up, tell you the truth and finish the job.', "reasons" = '[{"text": "24/7 rapid response", "icon": "clock", "detail": "A person answers day and night, and a crew is on the way while you are still on the phone."}, {"text": "Veteran operated", "icon": "shield", "detail": "Military discipline on every job: on time, in uniform, and done right the first time."}, {"text": "Certified and insured", "icon": "check", "detail": "IICRC-trained technicians, fully licensed, bonded and insured, so your home is in safe hands."}, {"text": "Clean and courteous", "icon": "star", "detail": "We protect your floors and furniture, clean up as we go, and treat your home like our own."}, {"text": "Clear communication", "icon": "check", "detail": "You know what we found, what we are doing and what comes next, at every step."}, {"text": "Latest technology", "icon": "star", "detail": "Thermal cameras, moisture meters and commercial drying equipment find and remove every trace of water."}]'::jsonb, "updated_at" = now() WHERE "headline" = 'Why Choose Service Ready' AND "subheadline" = 'Six reasons property owners across the area call us first.' AND "reasons" = '[{"text": "24/7 rapid response", "icon": "clock"}, {"text": "Veteran operated", "icon": "shield"}, {"text": "Certified and insured", "icon": "check"}, {"text": "Clean and courteous crews", "icon": "star"}, {"text": "Clear communication at every step", "icon": "check"}, {"text": "The latest drying and detection technology", "icon": "star"}]'::jsonb;
