ALTER TABLE "insulin_records" ADD COLUMN "device_serial" text;--> statement-breakpoint
ALTER TABLE "insulin_records" ADD COLUMN "device_record_no" text;--> statement-breakpoint
CREATE UNIQUE INDEX "insulin_records_device_record_uq" ON "insulin_records" USING btree ("tenant_id","device_serial","device_record_no") WHERE "insulin_records"."device_serial" is not null;