DROP INDEX "measurements_pending_idx";--> statement-breakpoint
ALTER TABLE "measurements" ADD COLUMN "refusal_reason" text;--> statement-breakpoint
CREATE INDEX "measurements_item_time_idx" ON "measurements" USING btree ("tenant_id","item","test_time") WHERE "measurements"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "measurements_pending_idx" ON "measurements" USING btree ("tenant_id","department_code","item","test_time") WHERE "measurements"."deleted_at" is null and "measurements"."status" = 'pending';