-- A patient's readings of a range (the glucose report reads a year of them) as an index-only scan: the
-- unique index on (tenant, patient, item, test time) also carries what the analysis reads, so the
-- readings' scattered heap pages are not visited (2,550 page reads became ~35 for a year of 7-point data).
DROP INDEX "measurements_patient_time_uq";
--> statement-breakpoint
CREATE UNIQUE INDEX "measurements_patient_time_uq" ON "measurements" USING btree ("tenant_id", "patient_id", "item", "test_time")
  INCLUDE ("id", "value", "period_code", "classification") WHERE "measurements"."deleted_at" is null;
