CREATE TABLE "consultation_reads" (
	"tenant_id" text NOT NULL,
	"consultation_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "consultation_reads_tenant_id_consultation_id_user_id_pk" PRIMARY KEY("tenant_id","consultation_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "consultation_replies" (
	"tenant_id" text NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "consultation_replies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"consultation_id" bigint NOT NULL,
	"author_id" bigint NOT NULL,
	"author_name" text NOT NULL,
	"author_department_code" text,
	"text" text,
	"suggestions" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consultation_replies_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "consultations" (
	"tenant_id" text NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "consultations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"patient_id" bigint NOT NULL,
	"admission_id" bigint,
	"request_department_code" text NOT NULL,
	"request_doctor_id" bigint,
	"request_doctor_name" text,
	"consult_department_code" text NOT NULL,
	"consult_doctor_id" bigint,
	"consult_doctor_name" text,
	"requested_at" timestamp with time zone NOT NULL,
	"description" text NOT NULL,
	"urgency" text DEFAULT 'routine' NOT NULL,
	"status" text DEFAULT 'inProgress' NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"trigger_item" text,
	"trigger_date" date,
	"trigger_measurement_id" bigint,
	"record" text,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"finished_by" bigint,
	"finished_by_name" text,
	"close_reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consultations_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "consultations_status_ck" CHECK ("consultations"."status" in ('inProgress', 'completed', 'closed')),
	CONSTRAINT "consultations_source_ck" CHECK ("consultations"."source" in ('manual', 'auto')),
	CONSTRAINT "consultations_urgency_ck" CHECK ("consultations"."urgency" in ('routine', 'urgent', 'emergency')),
	CONSTRAINT "consultations_finished_ck" CHECK (("consultations"."status" = 'inProgress') = ("consultations"."finished_at" is null))
);
--> statement-breakpoint
CREATE TABLE "medication_orders" (
	"tenant_id" text NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "medication_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"patient_id" bigint NOT NULL,
	"admission_id" bigint,
	"department_code" text NOT NULL,
	"name" text NOT NULL,
	"order_type" text DEFAULT 'longTerm' NOT NULL,
	"drugs" jsonb NOT NULL,
	"period_code" text NOT NULL,
	"period_name_zh" text,
	"period_name_en" text,
	"quantity" numeric(10, 2) NOT NULL,
	"begin_at" timestamp with time zone NOT NULL,
	"note" text,
	"status" text DEFAULT 'active' NOT NULL,
	"ordered_by" bigint NOT NULL,
	"ordered_by_name" text NOT NULL,
	"stopped_at" timestamp with time zone,
	"stopped_by" bigint,
	"stopped_by_name" text,
	"stop_reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" bigint,
	"delete_reason" text,
	CONSTRAINT "medication_orders_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "medication_orders_status_ck" CHECK ("medication_orders"."status" in ('active', 'stopped')),
	CONSTRAINT "medication_orders_stopped_ck" CHECK (("medication_orders"."status" = 'stopped') = ("medication_orders"."stopped_at" is not null)),
	CONSTRAINT "medication_orders_quantity_ck" CHECK ("medication_orders"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "patient_orders" (
	"tenant_id" text NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "patient_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"patient_id" bigint NOT NULL,
	"admission_id" bigint,
	"department_code" text NOT NULL,
	"name" text NOT NULL,
	"classification" text NOT NULL,
	"order_type" text NOT NULL,
	"category" text,
	"detail" text,
	"template_id" bigint,
	"template_name" text,
	"contents" jsonb NOT NULL,
	"frequency_code" text,
	"frequency_name" text,
	"monitor_periods" jsonb,
	"monitor_times" jsonb,
	"begin_at" timestamp with time zone NOT NULL,
	"execute_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"test_time" timestamp with time zone,
	"status" text DEFAULT 'active' NOT NULL,
	"ordered_by" bigint NOT NULL,
	"ordered_by_name" text NOT NULL,
	"stopped_at" timestamp with time zone,
	"stopped_by" bigint,
	"stopped_by_name" text,
	"stop_reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" bigint,
	"delete_reason" text,
	CONSTRAINT "patient_orders_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "patient_orders_status_ck" CHECK ("patient_orders"."status" in ('active', 'stopped')),
	CONSTRAINT "patient_orders_type_ck" CHECK ("patient_orders"."order_type" in ('24h', 'longTerm', 'temporary')),
	CONSTRAINT "patient_orders_stopped_ck" CHECK (("patient_orders"."status" = 'stopped') = ("patient_orders"."stopped_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "insulin_records" ADD COLUMN "medication_order_id" bigint;--> statement-breakpoint
ALTER TABLE "consultation_replies" ADD CONSTRAINT "consultation_replies_tenant_id_consultation_id_consultations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","consultation_id") REFERENCES "public"."consultations"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultations" ADD CONSTRAINT "consultations_tenant_id_patient_id_patients_tenant_id_id_fk" FOREIGN KEY ("tenant_id","patient_id") REFERENCES "public"."patients"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medication_orders" ADD CONSTRAINT "medication_orders_tenant_id_patient_id_patients_tenant_id_id_fk" FOREIGN KEY ("tenant_id","patient_id") REFERENCES "public"."patients"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_orders" ADD CONSTRAINT "patient_orders_tenant_id_patient_id_patients_tenant_id_id_fk" FOREIGN KEY ("tenant_id","patient_id") REFERENCES "public"."patients"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consultation_replies_thread_idx" ON "consultation_replies" USING btree ("tenant_id","consultation_id","created_at");--> statement-breakpoint
CREATE INDEX "consultations_inbox_idx" ON "consultations" USING btree ("tenant_id","consult_department_code","status","last_activity_at");--> statement-breakpoint
CREATE INDEX "consultations_request_idx" ON "consultations" USING btree ("tenant_id","request_department_code","requested_at");--> statement-breakpoint
CREATE INDEX "consultations_patient_idx" ON "consultations" USING btree ("tenant_id","patient_id","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "consultations_auto_once_uq" ON "consultations" USING btree ("tenant_id","patient_id","trigger_item","trigger_date") WHERE "consultations"."source" = 'auto';--> statement-breakpoint
CREATE INDEX "medication_orders_patient_idx" ON "medication_orders" USING btree ("tenant_id","patient_id","begin_at") WHERE "medication_orders"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "medication_orders_department_idx" ON "medication_orders" USING btree ("tenant_id","department_code","begin_at") WHERE "medication_orders"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "patient_orders_patient_idx" ON "patient_orders" USING btree ("tenant_id","patient_id","begin_at") WHERE "patient_orders"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "patient_orders_monitoring_idx" ON "patient_orders" USING btree ("tenant_id","patient_id") WHERE "patient_orders"."deleted_at" is null and "patient_orders"."status" = 'active' and "patient_orders"."classification" = 'monitoring';