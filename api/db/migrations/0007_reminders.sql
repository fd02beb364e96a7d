CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscriptions_endpoint_length" CHECK (char_length("endpoint") <= 1024)
);
--> statement-breakpoint
CREATE TABLE "reminder_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"daily_enabled" boolean DEFAULT false NOT NULL,
	"daily_minute" integer DEFAULT 1200 NOT NULL,
	"bedtime_enabled" boolean DEFAULT false NOT NULL,
	"bedtime_child_id" uuid,
	"bedtime_minute" integer DEFAULT 1230 NOT NULL,
	"weekly_enabled" boolean DEFAULT false NOT NULL,
	"renewal_enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_settings_daily_minute" CHECK ("daily_minute" between 0 and 1439),
	CONSTRAINT "reminder_settings_bedtime_minute" CHECK ("bedtime_minute" between 0 and 1439)
);
--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD CONSTRAINT "reminder_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD CONSTRAINT "reminder_settings_bedtime_child_id_children_id_fk" FOREIGN KEY ("bedtime_child_id") REFERENCES "public"."children"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_unique" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "reminder_settings_daily_idx" ON "reminder_settings" USING btree ("daily_minute") WHERE "reminder_settings"."daily_enabled";--> statement-breakpoint
CREATE INDEX "reminder_settings_bedtime_idx" ON "reminder_settings" USING btree ("bedtime_minute") WHERE "reminder_settings"."bedtime_enabled";