CREATE TABLE "dose_alert_undos" (
	"alert_id" uuid NOT NULL,
	"dose_id" uuid NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"scheduled_for" text,
	"recorded_by" uuid,
	"undone_by" uuid,
	"undone_at" timestamp with time zone NOT NULL,
	CONSTRAINT "dose_alert_undos_alert_id_dose_id_pk" PRIMARY KEY("alert_id","dose_id"),
	CONSTRAINT "dose_alert_undos_status" CHECK ("status" in ('given', 'skipped'))
);
--> statement-breakpoint
ALTER TABLE "dose_alert_undos" ADD CONSTRAINT "dose_alert_undos_alert_id_dose_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."dose_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dose_alert_undos" ADD CONSTRAINT "dose_alert_undos_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dose_alert_undos" ADD CONSTRAINT "dose_alert_undos_undone_by_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;