CREATE TABLE "insulin_pumps" (
	"tenant_id" text NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "insulin_pumps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"serial_number" text NOT NULL,
	"manufacturer_id" bigint NOT NULL,
	"type" text,
	"code" text,
	"department_code" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"battery_percent" double precision,
	"battery_reported_at" timestamp with time zone,
	"remaining_dose" double precision,
	"dose_reported_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"deleted_by" bigint,
	"delete_reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insulin_pumps_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "insulin_pumps_battery_check" CHECK ("insulin_pumps"."battery_percent" is null or ("insulin_pumps"."battery_percent" >= 0 and "insulin_pumps"."battery_percent" <= 100)),
	CONSTRAINT "insulin_pumps_dose_check" CHECK ("insulin_pumps"."remaining_dose" is null or "insulin_pumps"."remaining_dose" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pump_manufacturers" (
	"tenant_id" text NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "pump_manufacturers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name_zh" text,
	"name_en" text,
	"contact" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pump_manufacturers_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "pump_manufacturers_name_check" CHECK ("pump_manufacturers"."name_zh" is not null or "pump_manufacturers"."name_en" is not null)
);
--> statement-breakpoint
ALTER TABLE "insulin_pumps" ADD CONSTRAINT "insulin_pumps_tenant_id_manufacturer_id_pump_manufacturers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","manufacturer_id") REFERENCES "public"."pump_manufacturers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "insulin_pumps_serial_uq" ON "insulin_pumps" USING btree ("tenant_id","serial_number") WHERE "insulin_pumps"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "insulin_pumps_department_idx" ON "insulin_pumps" USING btree ("tenant_id","department_code");--> statement-breakpoint
CREATE INDEX "insulin_pumps_manufacturer_idx" ON "insulin_pumps" USING btree ("tenant_id","manufacturer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pump_manufacturers_code_uq" ON "pump_manufacturers" USING btree ("tenant_id","code");