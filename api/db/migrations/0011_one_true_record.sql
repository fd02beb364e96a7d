CREATE TABLE "dose_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"child_id" uuid NOT NULL,
	"medicine_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"dose_ids" uuid[] NOT NULL,
	"seen_at" timestamp with time zone,
	"seen_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dose_alerts_kind" CHECK ("kind" in ('double', 'disagree')),
	CONSTRAINT "dose_alerts_doses" CHECK (cardinality("dose_ids") between 2 and 50)
);
--> statement-breakpoint
DROP INDEX "medicine_doses_one_per_time";--> statement-breakpoint
ALTER TABLE "checklist_progress" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "checklist_progress" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "medicine_doses" ADD COLUMN "recorded_offline" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "medicine_doses" ADD COLUMN "overlap_with" uuid;--> statement-breakpoint
ALTER TABLE "observation_notes" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "observation_notes" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "dose_alerts" ADD CONSTRAINT "dose_alerts_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dose_alerts" ADD CONSTRAINT "dose_alerts_medicine_id_medicines_id_fk" FOREIGN KEY ("medicine_id") REFERENCES "public"."medicines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dose_alerts" ADD CONSTRAINT "dose_alerts_seen_by_users_id_fk" FOREIGN KEY ("seen_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dose_alerts_child_idx" ON "dose_alerts" USING btree ("child_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "checklist_progress" ADD CONSTRAINT "checklist_progress_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medicine_doses" ADD CONSTRAINT "medicine_doses_overlap_with_medicine_doses_id_fk" FOREIGN KEY ("overlap_with") REFERENCES "public"."medicine_doses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observation_notes" ADD CONSTRAINT "observation_notes_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "medicine_doses_medicine_time_idx" ON "medicine_doses" USING btree ("medicine_id","scheduled_for");