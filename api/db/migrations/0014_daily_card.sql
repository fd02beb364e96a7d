CREATE TABLE "card_settings" (
	"child_id" uuid PRIMARY KEY NOT NULL,
	"school_reminder" boolean DEFAULT false NOT NULL,
	"school_reminder_minute" integer DEFAULT 1020 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_settings_minute" CHECK ("school_reminder_minute" between 0 and 1439)
);
--> statement-breakpoint
ALTER TABLE "card_settings" ADD CONSTRAINT "card_settings_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_settings_reminder_idx" ON "card_settings" USING btree ("school_reminder_minute") WHERE "card_settings"."school_reminder";