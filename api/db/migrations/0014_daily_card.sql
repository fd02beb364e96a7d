CREATE TABLE "card_days" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"child_id" uuid NOT NULL,
	"date" date NOT NULL,
	"source" text NOT NULL,
	"marks" jsonb NOT NULL,
	"note" text,
	"user_id" uuid,
	"school_link_id" uuid,
	"op_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_days_source" CHECK ("source" in ('casa', 'escola')),
	CONSTRAINT "card_days_marks" CHECK (jsonb_typeof("marks") = 'object'),
	CONSTRAINT "card_days_note" CHECK (coalesce(char_length("note"), 0) <= 280),
	CONSTRAINT "card_days_ops" CHECK (cardinality("op_ids") <= 50)
);
--> statement-breakpoint
CREATE TABLE "card_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"child_id" uuid NOT NULL,
	"target_id" uuid NOT NULL,
	"position" bigint GENERATED ALWAYS AS IDENTITY (sequence name "card_events_position_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"on" date NOT NULL,
	"kind" text NOT NULL,
	"goal" integer,
	"parts" integer,
	"text" text NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_events_kind" CHECK ("kind" in ('target-added', 'target-changed', 'target-removed', 'goal-changed'))
);
--> statement-breakpoint
CREATE TABLE "card_rewards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"child_id" uuid NOT NULL,
	"text" text NOT NULL,
	"cost" integer NOT NULL,
	"kind" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_rewards_text" CHECK (btrim("text") <> '' and char_length("text") <= 80),
	CONSTRAINT "card_rewards_cost" CHECK ("cost" between 1 and 500),
	CONSTRAINT "card_rewards_kind" CHECK ("kind" is null or "kind" in ('dia', 'semana'))
);
--> statement-breakpoint
CREATE TABLE "card_settings" (
	"child_id" uuid PRIMARY KEY NOT NULL,
	"school_reminder" boolean DEFAULT false NOT NULL,
	"school_reminder_minute" integer DEFAULT 1020 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_settings_minute" CHECK ("school_reminder_minute" between 0 and 1439)
);
--> statement-breakpoint
CREATE TABLE "card_targets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"child_id" uuid NOT NULL,
	"text" text NOT NULL,
	"place" text NOT NULL,
	"parts" integer NOT NULL,
	"goal" integer NOT NULL,
	"position" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_targets_place" CHECK ("place" in ('escola', 'casa', 'ambos')),
	CONSTRAINT "card_targets_parts" CHECK ("parts" between 1 and 4 and "goal" between 1 and "parts"),
	CONSTRAINT "card_targets_text" CHECK (btrim("text") <> '' and char_length("text") <= 120)
);
--> statement-breakpoint
CREATE TABLE "star_spends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"child_id" uuid NOT NULL,
	"reward_id" uuid,
	"reward_text" text NOT NULL,
	"cost" integer NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "star_spends_cost" CHECK ("cost" > 0)
);
--> statement-breakpoint
ALTER TABLE "card_days" ADD CONSTRAINT "card_days_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_days" ADD CONSTRAINT "card_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_days" ADD CONSTRAINT "card_days_school_link_id_school_links_id_fk" FOREIGN KEY ("school_link_id") REFERENCES "public"."school_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_events" ADD CONSTRAINT "card_events_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_events" ADD CONSTRAINT "card_events_target_id_card_targets_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."card_targets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_events" ADD CONSTRAINT "card_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_rewards" ADD CONSTRAINT "card_rewards_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_rewards" ADD CONSTRAINT "card_rewards_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_settings" ADD CONSTRAINT "card_settings_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_targets" ADD CONSTRAINT "card_targets_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "star_spends" ADD CONSTRAINT "star_spends_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "star_spends" ADD CONSTRAINT "star_spends_reward_id_card_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."card_rewards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "star_spends" ADD CONSTRAINT "star_spends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_days_one_per_source" ON "card_days" USING btree ("child_id","date","source");--> statement-breakpoint
CREATE INDEX "card_days_link_idx" ON "card_days" USING btree ("school_link_id","updated_at");--> statement-breakpoint
CREATE INDEX "card_events_child_idx" ON "card_events" USING btree ("child_id","on","position");--> statement-breakpoint
CREATE INDEX "card_rewards_child_idx" ON "card_rewards" USING btree ("child_id","created_at");--> statement-breakpoint
CREATE INDEX "card_settings_reminder_idx" ON "card_settings" USING btree ("school_reminder_minute") WHERE "card_settings"."school_reminder";--> statement-breakpoint
CREATE INDEX "card_targets_child_idx" ON "card_targets" USING btree ("child_id","active","position");--> statement-breakpoint
CREATE INDEX "star_spends_child_idx" ON "star_spends" USING btree ("child_id","created_at");