CREATE TABLE "checklist_progress" (
	"child_id" uuid NOT NULL,
	"key" text NOT NULL,
	"checked" boolean[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checklist_progress_child_id_key_pk" PRIMARY KEY("child_id","key"),
	CONSTRAINT "checklist_progress_size" CHECK (cardinality("checked") between 1 and 50)
);
--> statement-breakpoint
CREATE TABLE "observation_notes" (
	"child_id" uuid NOT NULL,
	"condition" text NOT NULL,
	"text" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "observation_notes_child_id_condition_pk" PRIMARY KEY("child_id","condition"),
	CONSTRAINT "observation_notes_condition" CHECK ("condition" in ('aprendizado', 'hiperatividade', 'irritabilidade', 'sono', 'foco')),
	CONSTRAINT "observation_notes_length" CHECK (char_length("text") <= 5000)
);
--> statement-breakpoint
ALTER TABLE "children" DROP CONSTRAINT "children_birth_year";--> statement-breakpoint
ALTER TABLE "children" DROP CONSTRAINT "children_name";--> statement-breakpoint
ALTER TABLE "diary_entries" DROP CONSTRAINT "diary_entries_type";--> statement-breakpoint
ALTER TABLE "diary_entries" DROP CONSTRAINT "diary_entries_fields_by_type";--> statement-breakpoint
ALTER TABLE "diary_entries" DROP CONSTRAINT "diary_entries_lengths";--> statement-breakpoint
ALTER TABLE "diary_entries" DROP CONSTRAINT "diary_entries_child_id_children_id_fk";
--> statement-breakpoint
DROP INDEX "children_user_id_idx";--> statement-breakpoint
-- Hand-written: entries made before children existed go to a first child of each mother who has
-- entries, "Criança 1", whom she is invited to complete; then every entry has a child.
INSERT INTO "children" ("user_id", "name", "created_at")
SELECT e."user_id", 'Criança 1', min(e."created_at")
FROM "diary_entries" e
WHERE e."child_id" IS NULL
  AND NOT EXISTS (SELECT 1 FROM "children" c WHERE c."user_id" = e."user_id")
GROUP BY e."user_id";--> statement-breakpoint
UPDATE "diary_entries" e SET "child_id" = (
  SELECT c."id" FROM "children" c WHERE c."user_id" = e."user_id" ORDER BY c."created_at", c."id" LIMIT 1
)
WHERE e."child_id" IS NULL;--> statement-breakpoint
ALTER TABLE "diary_entries" ALTER COLUMN "child_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "children" ADD COLUMN "birth_date" date;--> statement-breakpoint
ALTER TABLE "children" ADD COLUMN "school_year" text;--> statement-breakpoint
ALTER TABLE "children" ADD COLUMN "dietary_restrictions" text;--> statement-breakpoint
ALTER TABLE "diary_entries" ADD COLUMN "consequence" text;--> statement-breakpoint
ALTER TABLE "diary_entries" ADD COLUMN "duration_minutes" integer;--> statement-breakpoint
ALTER TABLE "diary_entries" ADD COLUMN "helped" text[];--> statement-breakpoint
ALTER TABLE "diary_entries" ADD COLUMN "asleep_at" time;--> statement-breakpoint
ALTER TABLE "diary_entries" ADD COLUMN "woke_at" time;--> statement-breakpoint
ALTER TABLE "diary_entries" ADD COLUMN "night_wakings" integer;--> statement-breakpoint
ALTER TABLE "diary_entries" ADD COLUMN "sleep_minutes" integer;--> statement-breakpoint
ALTER TABLE "diary_entries" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "checklist_progress" ADD CONSTRAINT "checklist_progress_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observation_notes" ADD CONSTRAINT "observation_notes_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diary_entries" ADD CONSTRAINT "diary_entries_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "children_user_created_idx" ON "children" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "diary_entries_child_type_created_idx" ON "diary_entries" USING btree ("child_id","type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "diary_entries_child_type_date_idx" ON "diary_entries" USING btree ("child_id","type","date");--> statement-breakpoint
CREATE UNIQUE INDEX "diary_entries_one_night_per_date" ON "diary_entries" USING btree ("child_id","date") WHERE "type" = 'sleep';--> statement-breakpoint
ALTER TABLE "children" DROP COLUMN "birth_year";--> statement-breakpoint
ALTER TABLE "children" ADD CONSTRAINT "children_birth_date" CHECK ("birth_date" is null or "birth_date" >= date '1990-01-01');--> statement-breakpoint
ALTER TABLE "children" ADD CONSTRAINT "children_lengths" CHECK (coalesce(char_length("school_year"), 0) <= 60 and coalesce(char_length("dietary_restrictions"), 0) <= 2000);--> statement-breakpoint
ALTER TABLE "children" ADD CONSTRAINT "children_name" CHECK (char_length(btrim("name")) between 1 and 60);--> statement-breakpoint
ALTER TABLE "diary_entries" ADD CONSTRAINT "diary_entries_duration" CHECK ("duration_minutes" is null or "duration_minutes" between 1 and 720);--> statement-breakpoint
ALTER TABLE "diary_entries" ADD CONSTRAINT "diary_entries_wakings" CHECK ("night_wakings" is null or "night_wakings" between 0 and 50);--> statement-breakpoint
ALTER TABLE "diary_entries" ADD CONSTRAINT "diary_entries_sleep_minutes" CHECK ("sleep_minutes" is null or "sleep_minutes" between 1 and 1440);--> statement-breakpoint
ALTER TABLE "diary_entries" ADD CONSTRAINT "diary_entries_helped" CHECK ("helped" is null or cardinality("helped") <= 20);--> statement-breakpoint
ALTER TABLE "diary_entries" ADD CONSTRAINT "diary_entries_type" CHECK ("type" in ('behavior', 'food', 'sleep'));--> statement-breakpoint
ALTER TABLE "diary_entries" ADD CONSTRAINT "diary_entries_fields_by_type" CHECK (("type" = 'behavior' and btrim(coalesce("behavior", '')) <> '' and btrim(coalesce("context", '')) <> '' and "intensity" is not null and "meal" is null and "foods" is null and "mood" is null and "reaction" is null and "woke_at" is null) or ("type" = 'food' and btrim(coalesce("meal", '')) <> '' and btrim(coalesce("foods", '')) <> '' and "mood" is not null and "behavior" is null and "context" is null and "intensity" is null and "consequence" is null and "duration_minutes" is null and "helped" is null and "woke_at" is null) or ("type" = 'sleep' and "woke_at" is not null and "night_wakings" is not null and "sleep_minutes" is not null and "behavior" is null and "context" is null and "intensity" is null and "consequence" is null and "duration_minutes" is null and "helped" is null and "meal" is null and "foods" is null and "mood" is null and "reaction" is null));--> statement-breakpoint
ALTER TABLE "diary_entries" ADD CONSTRAINT "diary_entries_lengths" CHECK (coalesce(char_length("behavior"), 0) <= 2000 and coalesce(char_length("context"), 0) <= 2000 and coalesce(char_length("consequence"), 0) <= 2000 and coalesce(char_length("meal"), 0) <= 2000 and coalesce(char_length("foods"), 0) <= 2000 and coalesce(char_length("reaction"), 0) <= 2000 and coalesce(char_length("notes"), 0) <= 2000);