CREATE TABLE "critical_events" (
	"tenant_id" text NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "critical_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"measurement_id" bigint NOT NULL,
	"patient_id" bigint NOT NULL,
	"department_code" text NOT NULL,
	"item" text NOT NULL,
	"value" double precision NOT NULL,
	"classification" text NOT NULL,
	"grade" text,
	"measured_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"notified_person" text,
	"action" text,
	"handled_by" bigint,
	"handled_by_name" text,
	"handled_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "critical_events_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "measurements" (
	"tenant_id" text NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "measurements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"patient_id" bigint NOT NULL,
	"admission_id" bigint,
	"department_code" text NOT NULL,
	"item" text NOT NULL,
	"period_code" text,
	"test_time" timestamp with time zone NOT NULL,
	"value" double precision,
	"entered_value" double precision,
	"entered_unit" text,
	"untested_reason" text,
	"untested_reason_text" text,
	"note" text,
	"tester_id" bigint,
	"tester_name" text,
	"source" text DEFAULT 'manual' NOT NULL,
	"device_serial" text,
	"device_record_no" text,
	"classification" text,
	"grade" text,
	"color" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"approved_by" bigint,
	"approved_by_name" text,
	"approved_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" bigint,
	"delete_reason" text,
	CONSTRAINT "measurements_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "his_patients" (
	"tenant_id" text NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "his_patients_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"inpatient_number" text NOT NULL,
	"wristband_code" text,
	"name" text NOT NULL,
	"gender" text NOT NULL,
	"date_of_birth" date,
	"id_card" text,
	"mobile_phone" text,
	"department_code" text,
	"bed" text,
	"doctor_code" text,
	"admitted_at" timestamp with time zone,
	"source" text DEFAULT 'demo' NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "his_patients_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "patient_admissions" (
	"tenant_id" text NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "patient_admissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"patient_id" bigint NOT NULL,
	"inpatient_number" text,
	"wristband_code" text,
	"department_code" text NOT NULL,
	"bed" text,
	"doctor_code" text,
	"admitted_at" timestamp with time zone NOT NULL,
	"admitted_by" bigint,
	"discharged_at" timestamp with time zone,
	"discharged_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patient_admissions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "patient_glu_events" (
	"tenant_id" text NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "patient_glu_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"patient_id" bigint NOT NULL,
	"event_id" bigint NOT NULL,
	"item_id" bigint,
	"occurred_at" timestamp with time zone NOT NULL,
	"note" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" bigint,
	CONSTRAINT "patient_glu_events_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "patient_transfers" (
	"tenant_id" text NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "patient_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"patient_id" bigint NOT NULL,
	"admission_id" bigint,
	"from_department_code" text NOT NULL,
	"to_department_code" text NOT NULL,
	"from_bed" text,
	"to_bed" text,
	"from_doctor_code" text,
	"to_doctor_code" text,
	"reason" text NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patient_transfers_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "patients" (
	"tenant_id" text NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "patients_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"gender" text NOT NULL,
	"date_of_birth" date,
	"age" integer,
	"id_card" text,
	"mobile_phone" text,
	"email" text,
	"contact" text,
	"height_cm" double precision,
	"weight_kg" double precision,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'inHospital' NOT NULL,
	"inpatient_number" text,
	"wristband_code" text,
	"appointment_code" text,
	"department_code" text NOT NULL,
	"bed" text,
	"doctor_code" text,
	"admitted_at" timestamp with time zone NOT NULL,
	"discharged_at" timestamp with time zone,
	"admission_id" bigint,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" bigint,
	"delete_reason" text,
	CONSTRAINT "patients_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "critical_events" ADD CONSTRAINT "critical_events_tenant_id_patient_id_patients_tenant_id_id_fk" FOREIGN KEY ("tenant_id","patient_id") REFERENCES "public"."patients"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurements" ADD CONSTRAINT "measurements_tenant_id_patient_id_patients_tenant_id_id_fk" FOREIGN KEY ("tenant_id","patient_id") REFERENCES "public"."patients"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_admissions" ADD CONSTRAINT "patient_admissions_tenant_id_patient_id_patients_tenant_id_id_fk" FOREIGN KEY ("tenant_id","patient_id") REFERENCES "public"."patients"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_glu_events" ADD CONSTRAINT "patient_glu_events_tenant_id_patient_id_patients_tenant_id_id_fk" FOREIGN KEY ("tenant_id","patient_id") REFERENCES "public"."patients"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_transfers" ADD CONSTRAINT "patient_transfers_tenant_id_patient_id_patients_tenant_id_id_fk" FOREIGN KEY ("tenant_id","patient_id") REFERENCES "public"."patients"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "critical_events_measurement_uq" ON "critical_events" USING btree ("tenant_id","measurement_id");--> statement-breakpoint
CREATE INDEX "critical_events_time_idx" ON "critical_events" USING btree ("tenant_id","measured_at");--> statement-breakpoint
CREATE INDEX "critical_events_open_idx" ON "critical_events" USING btree ("tenant_id","department_code","patient_id") WHERE "critical_events"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "measurements_patient_time_uq" ON "measurements" USING btree ("tenant_id","patient_id","item","test_time") WHERE "measurements"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "measurements_device_record_uq" ON "measurements" USING btree ("tenant_id","device_serial","device_record_no") WHERE "measurements"."device_serial" is not null;--> statement-breakpoint
CREATE INDEX "measurements_department_idx" ON "measurements" USING btree ("tenant_id","department_code","item","test_time") WHERE "measurements"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "measurements_pending_idx" ON "measurements" USING btree ("tenant_id","item","test_time") WHERE "measurements"."deleted_at" is null and "measurements"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "his_patients_inpatient_number_uq" ON "his_patients" USING btree ("tenant_id","inpatient_number");--> statement-breakpoint
CREATE INDEX "his_patients_wristband_idx" ON "his_patients" USING btree ("tenant_id","wristband_code");--> statement-breakpoint
CREATE INDEX "patient_admissions_patient_idx" ON "patient_admissions" USING btree ("tenant_id","patient_id","admitted_at");--> statement-breakpoint
CREATE INDEX "patient_glu_events_patient_idx" ON "patient_glu_events" USING btree ("tenant_id","patient_id","occurred_at");--> statement-breakpoint
CREATE INDEX "patient_transfers_patient_idx" ON "patient_transfers" USING btree ("tenant_id","patient_id","start_time");--> statement-breakpoint
CREATE UNIQUE INDEX "patients_inpatient_number_uq" ON "patients" USING btree ("tenant_id","inpatient_number") WHERE "patients"."deleted_at" is null and "patients"."inpatient_number" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "patients_wristband_uq" ON "patients" USING btree ("tenant_id","wristband_code") WHERE "patients"."deleted_at" is null and "patients"."status" = 'inHospital' and "patients"."wristband_code" is not null;--> statement-breakpoint
CREATE INDEX "patients_ward_idx" ON "patients" USING btree ("tenant_id","status","department_code","bed") WHERE "patients"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "patients_discharged_idx" ON "patients" USING btree ("tenant_id","discharged_at") WHERE "patients"."deleted_at" is null and "patients"."status" = 'discharged';