CREATE TABLE "insulin_records" (
	"tenant_id" text NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "insulin_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"patient_id" bigint NOT NULL,
	"admission_id" bigint,
	"department_code" text NOT NULL,
	"drug_id" bigint NOT NULL,
	"drug_name" text NOT NULL,
	"dose" numeric(8, 2) NOT NULL,
	"unit" text DEFAULT 'IU' NOT NULL,
	"basal_dose" numeric(8, 2),
	"bolus_dose" numeric(8, 2),
	"correction_dose" numeric(8, 2),
	"period_code" text NOT NULL,
	"period_name_zh" text NOT NULL,
	"period_name_en" text NOT NULL,
	"given_at" timestamp with time zone NOT NULL,
	"doctor_id" bigint NOT NULL,
	"doctor_name" text NOT NULL,
	"nurse_id" bigint NOT NULL,
	"nurse_name" text NOT NULL,
	"status" text DEFAULT 'unconfirmed' NOT NULL,
	"confirmed_by" bigint,
	"confirmed_by_name" text,
	"confirmed_at" timestamp with time zone,
	"note" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" bigint,
	"delete_reason" text,
	CONSTRAINT "insulin_records_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "insulin_records_dose_ck" CHECK ("insulin_records"."dose" > 0),
	CONSTRAINT "insulin_records_status_ck" CHECK ("insulin_records"."status" in ('unconfirmed', 'confirmed')),
	CONSTRAINT "insulin_records_confirmed_ck" CHECK (("insulin_records"."status" = 'confirmed') = ("insulin_records"."confirmed_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "insulin_records" ADD CONSTRAINT "insulin_records_tenant_id_patient_id_patients_tenant_id_id_fk" FOREIGN KEY ("tenant_id","patient_id") REFERENCES "public"."patients"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insulin_records" ADD CONSTRAINT "insulin_records_tenant_id_drug_id_drugs_tenant_id_id_fk" FOREIGN KEY ("tenant_id","drug_id") REFERENCES "public"."drugs"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insulin_records_patient_time_idx" ON "insulin_records" USING btree ("tenant_id","patient_id","given_at") WHERE "insulin_records"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "insulin_records_unconfirmed_idx" ON "insulin_records" USING btree ("tenant_id","department_code","given_at") WHERE "insulin_records"."deleted_at" is null and "insulin_records"."status" = 'unconfirmed';