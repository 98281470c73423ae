CREATE TABLE "appointments" (
	"tenant_id" text NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "appointments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"details" jsonb NOT NULL,
	"department_code" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_patient_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "lab_results" (
	"tenant_id" text NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "lab_results_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"patient_id" bigint NOT NULL,
	"department_code" text NOT NULL,
	"item_code" text NOT NULL,
	"item_name" text NOT NULL,
	"value" double precision NOT NULL,
	"unit" text,
	"resulted_at" timestamp with time zone NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" bigint,
	CONSTRAINT "lab_results_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "lab_results_source_ck" CHECK ("lab_results"."source" in ('manual', 'hl7'))
);
--> statement-breakpoint
CREATE TABLE "virtual_ward_followups" (
	"tenant_id" text NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "virtual_ward_followups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"patient_id" bigint NOT NULL,
	"stay_id" bigint,
	"department_code" text NOT NULL,
	"kind" text DEFAULT 'review' NOT NULL,
	"reviewed_at" timestamp with time zone NOT NULL,
	"specialist_id" bigint NOT NULL,
	"specialist_name" text NOT NULL,
	"assessment" text NOT NULL,
	"suggestion" text NOT NULL,
	"suggestion_id" bigint,
	"next_review_date" date,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" bigint,
	CONSTRAINT "virtual_ward_followups_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "virtual_ward_followups_kind_ck" CHECK ("virtual_ward_followups"."kind" in ('review', 'visit', 'phone'))
);
--> statement-breakpoint
CREATE TABLE "virtual_ward_stays" (
	"tenant_id" text NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "virtual_ward_stays_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"patient_id" bigint NOT NULL,
	"admission_id" bigint,
	"join_count" integer NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"trigger_kind" text,
	"trigger_value" double precision,
	"trigger_measurement_id" bigint,
	"trigger_lab_result_id" bigint,
	"ward_department_code" text NOT NULL,
	"managing_department_code" text NOT NULL,
	"suggestion" text NOT NULL,
	"device_mark" text DEFAULT 'none' NOT NULL,
	"group_labels" text[] DEFAULT '{}'::text[] NOT NULL,
	"exited_at" timestamp with time zone,
	"exit_reason" text,
	"exited_by" bigint,
	"exited_by_name" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "virtual_ward_stays_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "virtual_ward_stays_source_ck" CHECK ("virtual_ward_stays"."source" in ('manual', 'auto')),
	CONSTRAINT "virtual_ward_stays_device_ck" CHECK ("virtual_ward_stays"."device_mark" in ('none', 'pump', 'cgm')),
	CONSTRAINT "virtual_ward_stays_exit_ck" CHECK (("virtual_ward_stays"."exited_at" is null) = ("virtual_ward_stays"."exit_reason" is null))
);
--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "outpatient_number" text;--> statement-breakpoint
ALTER TABLE "lab_results" ADD CONSTRAINT "lab_results_tenant_id_patient_id_patients_tenant_id_id_fk" FOREIGN KEY ("tenant_id","patient_id") REFERENCES "public"."patients"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtual_ward_followups" ADD CONSTRAINT "virtual_ward_followups_tenant_id_patient_id_patients_tenant_id_id_fk" FOREIGN KEY ("tenant_id","patient_id") REFERENCES "public"."patients"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtual_ward_stays" ADD CONSTRAINT "virtual_ward_stays_tenant_id_patient_id_patients_tenant_id_id_fk" FOREIGN KEY ("tenant_id","patient_id") REFERENCES "public"."patients"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_code_uq" ON "appointments" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "appointments_expires_idx" ON "appointments" USING btree ("tenant_id","expires_at");--> statement-breakpoint
CREATE INDEX "lab_results_patient_idx" ON "lab_results" USING btree ("tenant_id","patient_id","resulted_at");--> statement-breakpoint
CREATE INDEX "virtual_ward_followups_patient_idx" ON "virtual_ward_followups" USING btree ("tenant_id","patient_id","reviewed_at");--> statement-breakpoint
CREATE INDEX "virtual_ward_followups_specialist_idx" ON "virtual_ward_followups" USING btree ("tenant_id","specialist_id","reviewed_at");--> statement-breakpoint
CREATE INDEX "virtual_ward_followups_reviewed_idx" ON "virtual_ward_followups" USING btree ("tenant_id","reviewed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "virtual_ward_stays_current_uq" ON "virtual_ward_stays" USING btree ("tenant_id","patient_id") WHERE "virtual_ward_stays"."exited_at" is null;--> statement-breakpoint
CREATE INDEX "virtual_ward_stays_patient_idx" ON "virtual_ward_stays" USING btree ("tenant_id","patient_id","joined_at");--> statement-breakpoint
CREATE INDEX "virtual_ward_stays_managing_idx" ON "virtual_ward_stays" USING btree ("tenant_id","managing_department_code","joined_at");--> statement-breakpoint
CREATE UNIQUE INDEX "patients_outpatient_number_uq" ON "patients" USING btree ("tenant_id","outpatient_number") WHERE "patients"."deleted_at" is null and "patients"."outpatient_number" is not null;