CREATE TABLE "weekly_ratings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"child_id" uuid NOT NULL,
	"week_start" date NOT NULL,
	"source" text NOT NULL,
	"user_id" uuid,
	"school_link_id" uuid,
	"observer" text,
	"answers" jsonb NOT NULL,
	"side_effects" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"note" text,
	"scale_version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "weekly_ratings_source" CHECK ("source" in ('home', 'school')),
	CONSTRAINT "weekly_ratings_by" CHECK (("source" = 'home' and "school_link_id" is null) or ("source" = 'school' and "school_link_id" is not null and "user_id" is null)),
	CONSTRAINT "weekly_ratings_monday" CHECK (extract(isodow from "week_start") = 1),
	CONSTRAINT "weekly_ratings_shape" CHECK (jsonb_typeof("answers") = 'object' and jsonb_typeof("side_effects") = 'object'),
	CONSTRAINT "weekly_ratings_lengths" CHECK (coalesce(char_length("note"), 0) <= 2000 and coalesce(char_length("observer"), 0) <= 120)
);
--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD COLUMN "rating_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "weekly_ratings" ADD CONSTRAINT "weekly_ratings_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_ratings" ADD CONSTRAINT "weekly_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_ratings" ADD CONSTRAINT "weekly_ratings_school_link_id_school_links_id_fk" FOREIGN KEY ("school_link_id") REFERENCES "public"."school_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "weekly_ratings_one_per_member" ON "weekly_ratings" USING btree ("child_id","week_start","user_id") WHERE "weekly_ratings"."source" = 'home';--> statement-breakpoint
CREATE UNIQUE INDEX "weekly_ratings_one_per_link" ON "weekly_ratings" USING btree ("child_id","week_start","school_link_id") WHERE "weekly_ratings"."source" = 'school';--> statement-breakpoint
CREATE INDEX "weekly_ratings_child_week_idx" ON "weekly_ratings" USING btree ("child_id","week_start");--> statement-breakpoint
CREATE INDEX "weekly_ratings_user_idx" ON "weekly_ratings" USING btree ("user_id");