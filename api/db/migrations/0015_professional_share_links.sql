CREATE TABLE "share_link_ciphertexts" (
	"link_id" text PRIMARY KEY NOT NULL,
	"ciphertext" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "share_link_openings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"link_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "share_links" (
	"id" text PRIMARY KEY NOT NULL,
	"child_id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"from" date NOT NULL,
	"to" date NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"passcode_hash" text,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "share_links_id" CHECK ("id" ~ '^[A-Za-z0-9_-]{22,64}$'),
	CONSTRAINT "share_links_period" CHECK ("from" <= "to")
);
--> statement-breakpoint
ALTER TABLE "share_link_ciphertexts" ADD CONSTRAINT "share_link_ciphertexts_link_id_share_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."share_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_link_openings" ADD CONSTRAINT "share_link_openings_link_id_share_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."share_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "share_link_openings_link_idx" ON "share_link_openings" USING btree ("link_id","at");--> statement-breakpoint
CREATE INDEX "share_links_child_idx" ON "share_links" USING btree ("child_id","created_at");--> statement-breakpoint
CREATE INDEX "share_links_created_by_idx" ON "share_links" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "share_links_expires_idx" ON "share_links" USING btree ("expires_at");