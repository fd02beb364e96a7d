CREATE TABLE "address_keys" (
	"day" date PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "medicine_corrections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"medicine_id" uuid NOT NULL,
	"change_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"event" text NOT NULL,
	"on" date NOT NULL,
	"new_on" date,
	"dose" double precision,
	"unit" text,
	"times" text[] NOT NULL,
	"reason" text,
	"recorded_by" uuid,
	"recorded_at" timestamp with time zone NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "medicine_corrections_kind" CHECK ("kind" in ('removed', 'redated')),
	CONSTRAINT "medicine_corrections_event" CHECK ("event" in ('start', 'dose', 'times', 'stop')),
	CONSTRAINT "medicine_corrections_new_on" CHECK (("kind" = 'redated' and "new_on" is not null) or ("kind" = 'removed' and "new_on" is null))
);
--> statement-breakpoint
ALTER TABLE "trusted_devices" ADD COLUMN "code_trust_id" uuid;--> statement-breakpoint
ALTER TABLE "medicine_corrections" ADD CONSTRAINT "medicine_corrections_medicine_id_medicines_id_fk" FOREIGN KEY ("medicine_id") REFERENCES "public"."medicines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medicine_corrections" ADD CONSTRAINT "medicine_corrections_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medicine_corrections" ADD CONSTRAINT "medicine_corrections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "medicine_corrections_medicine_idx" ON "medicine_corrections" USING btree ("medicine_id","created_at");--> statement-breakpoint
-- Counters kept addresses in clear until now (issue 40): they go; at most 15 minutes of attempts are forgotten.
DELETE FROM "rate_limits" WHERE "key" LIKE '%:ip:%';
