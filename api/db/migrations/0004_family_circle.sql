CREATE TABLE "child_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"child_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "child_invitations_token_unique" UNIQUE("token_hash"),
	CONSTRAINT "child_invitations_role" CHECK ("role" in ('carer', 'viewer'))
);
--> statement-breakpoint
CREATE TABLE "child_members" (
	"child_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "child_members_child_id_user_id_pk" PRIMARY KEY("child_id","user_id"),
	CONSTRAINT "child_members_role" CHECK ("role" in ('carer', 'viewer'))
);
--> statement-breakpoint
CREATE TABLE "school_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"child_id" uuid NOT NULL,
	"label" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "school_links_token_unique" UNIQUE("token_hash"),
	CONSTRAINT "school_links_label" CHECK (btrim("label") <> '' and char_length("label") <= 80)
);
--> statement-breakpoint
ALTER TABLE "diary_entries" DROP CONSTRAINT "diary_entries_type";--> statement-breakpoint
ALTER TABLE "diary_entries" DROP CONSTRAINT "diary_entries_fields_by_type";--> statement-breakpoint
ALTER TABLE "diary_entries" DROP CONSTRAINT "diary_entries_lengths";--> statement-breakpoint
ALTER TABLE "diary_entries" DROP CONSTRAINT "diary_entries_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "diary_entries" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "diary_entries" ADD COLUMN "school_link_id" uuid;--> statement-breakpoint
ALTER TABLE "diary_entries" ADD COLUMN "school_label" text;--> statement-breakpoint
ALTER TABLE "diary_entries" ADD COLUMN "period" text;--> statement-breakpoint
ALTER TABLE "diary_entries" ADD COLUMN "activity" text;--> statement-breakpoint
ALTER TABLE "diary_entries" ADD COLUMN "attention" integer;--> statement-breakpoint
ALTER TABLE "diary_entries" ADD COLUMN "observer" text;--> statement-breakpoint
ALTER TABLE "child_invitations" ADD CONSTRAINT "child_invitations_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_members" ADD CONSTRAINT "child_members_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_members" ADD CONSTRAINT "child_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_links" ADD CONSTRAINT "school_links_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "child_invitations_child_idx" ON "child_invitations" USING btree ("child_id","created_at");--> statement-breakpoint
CREATE INDEX "child_members_user_idx" ON "child_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "school_links_child_idx" ON "school_links" USING btree ("child_id","created_at");--> statement-breakpoint
ALTER TABLE "diary_entries" ADD CONSTRAINT "diary_entries_school_link_id_school_links_id_fk" FOREIGN KEY ("school_link_id") REFERENCES "public"."school_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diary_entries" ADD CONSTRAINT "diary_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diary_entries" ADD CONSTRAINT "diary_entries_attention" CHECK ("attention" is null or "attention" between 1 and 5);--> statement-breakpoint
ALTER TABLE "diary_entries" ADD CONSTRAINT "diary_entries_type" CHECK ("type" in ('behavior', 'food', 'sleep', 'school'));--> statement-breakpoint
ALTER TABLE "diary_entries" ADD CONSTRAINT "diary_entries_fields_by_type" CHECK (("type" = 'behavior' and btrim(coalesce("behavior", '')) <> '' and btrim(coalesce("context", '')) <> '' and "intensity" is not null and "meal" is null and "foods" is null and "mood" is null and "reaction" is null and "woke_at" is null) or ("type" = 'food' and btrim(coalesce("meal", '')) <> '' and btrim(coalesce("foods", '')) <> '' and "mood" is not null and "behavior" is null and "context" is null and "intensity" is null and "consequence" is null and "duration_minutes" is null and "helped" is null and "woke_at" is null) or ("type" = 'school' and btrim(coalesce("behavior", '')) <> '' and btrim(coalesce("context", '')) <> '' and "school_label" is not null and "intensity" is null and "meal" is null and "foods" is null and "mood" is null and "reaction" is null and "woke_at" is null) or ("type" = 'sleep' and "woke_at" is not null and "night_wakings" is not null and "sleep_minutes" is not null and "behavior" is null and "context" is null and "intensity" is null and "consequence" is null and "duration_minutes" is null and "helped" is null and "meal" is null and "foods" is null and "mood" is null and "reaction" is null));--> statement-breakpoint
ALTER TABLE "diary_entries" ADD CONSTRAINT "diary_entries_lengths" CHECK (coalesce(char_length("behavior"), 0) <= 2000 and coalesce(char_length("context"), 0) <= 2000 and coalesce(char_length("consequence"), 0) <= 2000 and coalesce(char_length("meal"), 0) <= 2000 and coalesce(char_length("foods"), 0) <= 2000 and coalesce(char_length("reaction"), 0) <= 2000 and coalesce(char_length("notes"), 0) <= 2000 and coalesce(char_length("period"), 0) <= 2000 and coalesce(char_length("activity"), 0) <= 2000 and coalesce(char_length("observer"), 0) <= 2000);