ALTER TABLE "critical_events" ADD COLUMN "notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "critical_events" ADD COLUMN "notified_user_id" bigint;--> statement-breakpoint
ALTER TABLE "critical_events" ADD COLUMN "notified_by" bigint;--> statement-breakpoint
ALTER TABLE "critical_events" ADD COLUMN "acknowledged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "critical_events" ADD COLUMN "acknowledged_by" bigint;--> statement-breakpoint
ALTER TABLE "critical_events" ADD COLUMN "acknowledged_by_name" text;--> statement-breakpoint
ALTER TABLE "critical_events" ADD COLUMN "recheck_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "critical_events" ADD COLUMN "recheck_measurement_id" bigint;--> statement-breakpoint
ALTER TABLE "critical_events" ADD COLUMN "rechecked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "critical_events" ADD COLUMN "recheck_skipped_reason" text;--> statement-breakpoint
ALTER TABLE "critical_events" ADD COLUMN "escalated_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "critical_events_recheck_idx" ON "critical_events" USING btree ("tenant_id","patient_id","item") WHERE "critical_events"."recheck_due_at" is not null and "critical_events"."status" <> 'void';