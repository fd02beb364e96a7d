CREATE TABLE "medicine_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"medicine_id" uuid NOT NULL,
	"position" bigint GENERATED ALWAYS AS IDENTITY (sequence name "medicine_changes_position_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"on" date NOT NULL,
	"kind" text NOT NULL,
	"dose" double precision,
	"unit" text,
	"times" text[] NOT NULL,
	"reason" text,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "medicine_changes_kind" CHECK ("kind" in ('start', 'dose', 'times', 'stop')),
	CONSTRAINT "medicine_changes_unit" CHECK ("unit" is null or "unit" in ('mg', 'ml', 'gotas', 'comprimido', 'cápsula')),
	CONSTRAINT "medicine_changes_values" CHECK (("kind" = 'stop' and "dose" is null and "unit" is null and cardinality("times") = 0) or ("kind" <> 'stop' and "dose" > 0 and "unit" is not null)),
	CONSTRAINT "medicine_changes_times" CHECK (cardinality("times") <= 12),
	CONSTRAINT "medicine_changes_reason" CHECK (coalesce(char_length("reason"), 0) <= 2000)
);
--> statement-breakpoint
CREATE TABLE "medicine_doses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"child_id" uuid NOT NULL,
	"medicine_id" uuid NOT NULL,
	"scheduled_for" text,
	"day" date NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"note" text,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "medicine_doses_status" CHECK ("status" in ('given', 'skipped')),
	CONSTRAINT "medicine_doses_scheduled" CHECK ("scheduled_for" is null or "scheduled_for" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "medicine_doses_note" CHECK (coalesce(char_length("note"), 0) <= 2000)
);
--> statement-breakpoint
CREATE TABLE "medicines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"child_id" uuid NOT NULL,
	"name" text NOT NULL,
	"as_needed" boolean DEFAULT false NOT NULL,
	"min_interval_hours" integer,
	"prescriber" text,
	"reason" text,
	"started_on" date NOT NULL,
	"stopped_on" date,
	"remind" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "medicines_name" CHECK (btrim("name") <> '' and char_length("name") <= 200),
	CONSTRAINT "medicines_interval" CHECK ("min_interval_hours" is null or ("as_needed" and "min_interval_hours" between 1 and 72)),
	CONSTRAINT "medicines_stop" CHECK ("stopped_on" is null or "stopped_on" >= "started_on"),
	CONSTRAINT "medicines_lengths" CHECK (coalesce(char_length("prescriber"), 0) <= 200 and coalesce(char_length("reason"), 0) <= 2000)
);
--> statement-breakpoint
CREATE TABLE "therapies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"child_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"professional_id" uuid,
	"professional_name" text,
	"frequency" text,
	"started_on" date NOT NULL,
	"ended_on" date,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "therapies_kind" CHECK ("kind" in ('fonoaudiologia', 'terapia_ocupacional', 'psicologia', 'psicopedagogia', 'fisioterapia', 'neuropediatria', 'outra')),
	CONSTRAINT "therapies_ended" CHECK ("ended_on" is null or "ended_on" >= "started_on"),
	CONSTRAINT "therapies_lengths" CHECK (coalesce(char_length("professional_name"), 0) <= 200 and coalesce(char_length("frequency"), 0) <= 200)
);
--> statement-breakpoint
CREATE TABLE "therapy_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"therapy_id" uuid NOT NULL,
	"child_id" uuid NOT NULL,
	"date" date NOT NULL,
	"attended" boolean NOT NULL,
	"note" text,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "therapy_sessions_note" CHECK (coalesce(char_length("note"), 0) <= 2000)
);
--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD COLUMN "medicines_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "medicine_changes" ADD CONSTRAINT "medicine_changes_medicine_id_medicines_id_fk" FOREIGN KEY ("medicine_id") REFERENCES "public"."medicines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medicine_changes" ADD CONSTRAINT "medicine_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medicine_doses" ADD CONSTRAINT "medicine_doses_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medicine_doses" ADD CONSTRAINT "medicine_doses_medicine_id_medicines_id_fk" FOREIGN KEY ("medicine_id") REFERENCES "public"."medicines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medicine_doses" ADD CONSTRAINT "medicine_doses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medicines" ADD CONSTRAINT "medicines_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medicines" ADD CONSTRAINT "medicines_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "therapies" ADD CONSTRAINT "therapies_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "therapies" ADD CONSTRAINT "therapies_professional_id_professional_contacts_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professional_contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "therapies" ADD CONSTRAINT "therapies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "therapy_sessions" ADD CONSTRAINT "therapy_sessions_therapy_id_therapies_id_fk" FOREIGN KEY ("therapy_id") REFERENCES "public"."therapies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "therapy_sessions" ADD CONSTRAINT "therapy_sessions_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "therapy_sessions" ADD CONSTRAINT "therapy_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "medicine_changes_medicine_idx" ON "medicine_changes" USING btree ("medicine_id","on","position");--> statement-breakpoint
CREATE UNIQUE INDEX "medicine_doses_one_per_time" ON "medicine_doses" USING btree ("medicine_id","scheduled_for");--> statement-breakpoint
CREATE INDEX "medicine_doses_child_day_idx" ON "medicine_doses" USING btree ("child_id","day");--> statement-breakpoint
CREATE INDEX "medicine_doses_medicine_at_idx" ON "medicine_doses" USING btree ("medicine_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "medicines_child_idx" ON "medicines" USING btree ("child_id","started_on");--> statement-breakpoint
CREATE INDEX "medicines_remind_idx" ON "medicines" USING btree ("stopped_on") WHERE "medicines"."remind";--> statement-breakpoint
CREATE INDEX "therapies_child_idx" ON "therapies" USING btree ("child_id","started_on");--> statement-breakpoint
CREATE INDEX "therapy_sessions_therapy_date_idx" ON "therapy_sessions" USING btree ("therapy_id","date");--> statement-breakpoint
CREATE INDEX "therapy_sessions_child_date_idx" ON "therapy_sessions" USING btree ("child_id","date");