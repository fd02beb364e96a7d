CREATE TABLE "card_day_sends" (
	"day_id" uuid NOT NULL,
	"op_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_day_sends_day_id_op_id_pk" PRIMARY KEY("day_id","op_id")
);
--> statement-breakpoint
CREATE TABLE "star_forgiven" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"child_id" uuid NOT NULL,
	"date" date NOT NULL,
	"stars" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "star_forgiven_stars" CHECK ("stars" > 0)
);
--> statement-breakpoint
ALTER TABLE "card_days" DROP CONSTRAINT "card_days_ops";--> statement-breakpoint
DROP INDEX "card_days_link_idx";--> statement-breakpoint
ALTER TABLE "card_days" ADD COLUMN "link_counted_id" uuid;--> statement-breakpoint
ALTER TABLE "card_days" ADD COLUMN "link_counted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "card_day_sends" ADD CONSTRAINT "card_day_sends_day_id_card_days_id_fk" FOREIGN KEY ("day_id") REFERENCES "public"."card_days"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "star_forgiven" ADD CONSTRAINT "star_forgiven_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "star_forgiven_child_idx" ON "star_forgiven" USING btree ("child_id","created_at");--> statement-breakpoint
ALTER TABLE "card_days" ADD CONSTRAINT "card_days_link_counted_id_school_links_id_fk" FOREIGN KEY ("link_counted_id") REFERENCES "public"."school_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_days_link_idx" ON "card_days" USING btree ("link_counted_id","link_counted_at");--> statement-breakpoint
-- Every send id a day already holds stays a no-op; a day the school's link sent counts once on its budget.
INSERT INTO "card_day_sends" ("day_id", "op_id", "created_at") SELECT "id", unnest("op_ids"), "updated_at" FROM "card_days" ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "card_days" SET "link_counted_id" = "school_link_id", "link_counted_at" = "updated_at" WHERE "school_link_id" IS NOT NULL;
