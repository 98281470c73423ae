CREATE TABLE "data_migrations" (
	"name" text PRIMARY KEY NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"summary" text
);
--> statement-breakpoint
ALTER TABLE "measurements" ADD COLUMN "reject_reason" text;
--> statement-breakpoint
-- The analysis compares each glucose reading in the unit it was entered in (domain
-- compareGlucoseWithLimit), so the covering index of migration 0008 also carries the entered unit: the
-- year's report stays an index-only scan. The storage values themselves are recomputed at full precision
-- by the data migration `full-precision-readings` (db/data-migrations.ts), which needs the domain's rules.
DROP INDEX "measurements_patient_time_uq";
--> statement-breakpoint
CREATE UNIQUE INDEX "measurements_patient_time_uq" ON "measurements" USING btree ("tenant_id", "patient_id", "item", "test_time")
  INCLUDE ("id", "value", "period_code", "classification", "entered_unit") WHERE "measurements"."deleted_at" is null;
