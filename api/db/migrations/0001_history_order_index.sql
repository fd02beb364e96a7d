DROP INDEX "diary_entries_user_type_created_idx";--> statement-breakpoint
DROP INDEX "professional_contacts_user_created_idx";--> statement-breakpoint
CREATE INDEX "diary_entries_user_type_created_idx" ON "diary_entries" USING btree ("user_id","type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "professional_contacts_user_created_idx" ON "professional_contacts" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);