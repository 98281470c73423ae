CREATE TABLE "analyzer_loans" (
	"tenant_id" text NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "analyzer_loans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"analyzer_id" bigint NOT NULL,
	"borrower_name" text NOT NULL,
	"borrower_id" bigint,
	"department_code" text NOT NULL,
	"lent_on" date NOT NULL,
	"expected_return_on" date,
	"returned_on" date,
	"return_state" text,
	"note" text,
	"return_note" text,
	"lent_by" bigint,
	"lent_by_name" text,
	"returned_by" bigint,
	"returned_by_name" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analyzer_loans_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "analyzer_loans_dates_ck" CHECK ("analyzer_loans"."returned_on" is null or "analyzer_loans"."returned_on" >= "analyzer_loans"."lent_on")
);
--> statement-breakpoint
CREATE TABLE "analyzers" (
	"tenant_id" text NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "analyzers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"model" text NOT NULL,
	"manufacturer" text,
	"sn" text NOT NULL,
	"work_station" text NOT NULL,
	"department_code" text NOT NULL,
	"is_spare" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"control_solution_id" bigint,
	"test_strip_id" bigint,
	"last_qc_at" timestamp with time zone,
	"last_qc_result" text,
	"last_pass_at" timestamp with time zone,
	"last_pass_control_solution_id" bigint,
	"last_pass_test_strip_id" bigint,
	"failed_lock_at" timestamp with time zone,
	"failed_qc_record_id" bigint,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" bigint,
	"delete_reason" text,
	CONSTRAINT "analyzers_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "analyzers_last_result_ck" CHECK ("analyzers"."last_qc_result" is null or "analyzers"."last_qc_result" in ('pass', 'fail'))
);
--> statement-breakpoint
CREATE TABLE "control_solutions" (
	"tenant_id" text NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "control_solutions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"item" text DEFAULT 'GLU' NOT NULL,
	"lot_number" text NOT NULL,
	"manufacture_date" date NOT NULL,
	"expiry_date" date NOT NULL,
	"manufacturer" text,
	"type" text,
	"status" text DEFAULT 'normal' NOT NULL,
	"levels" jsonb NOT NULL,
	"opened_on" date,
	"discard_on" date,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" bigint,
	"delete_reason" text,
	CONSTRAINT "control_solutions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "control_solutions_status_ck" CHECK ("control_solutions"."status" in ('normal', 'invalid', 'suspended')),
	CONSTRAINT "control_solutions_dates_ck" CHECK ("control_solutions"."manufacture_date" < "control_solutions"."expiry_date")
);
--> statement-breakpoint
CREATE TABLE "qc_lock_overrides" (
	"tenant_id" text NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "qc_lock_overrides_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"analyzer_id" bigint NOT NULL,
	"lock_reason" text NOT NULL,
	"reason" text NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"created_by" bigint,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qc_lock_overrides_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "qc_monthly_reports" (
	"tenant_id" text NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "qc_monthly_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"analyzer_id" bigint NOT NULL,
	"department_code" text NOT NULL,
	"month" text NOT NULL,
	"status" text NOT NULL,
	"appraisal" text,
	"summary" jsonb,
	"submitted_by" bigint,
	"submitted_by_name" text,
	"submitted_at" timestamp with time zone,
	"rejected_by" bigint,
	"rejected_by_name" text,
	"rejected_at" timestamp with time zone,
	"reject_reason" text,
	"archived_by" bigint,
	"archived_by_name" text,
	"archived_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qc_monthly_reports_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "qc_monthly_reports_status_ck" CHECK ("qc_monthly_reports"."status" in ('submitted', 'rejected', 'archived')),
	CONSTRAINT "qc_monthly_reports_month_ck" CHECK ("qc_monthly_reports"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
CREATE TABLE "qc_records" (
	"tenant_id" text NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "qc_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"analyzer_id" bigint NOT NULL,
	"analyzer_sn" text NOT NULL,
	"department_code" text NOT NULL,
	"item" text DEFAULT 'GLU' NOT NULL,
	"level" integer NOT NULL,
	"tested_at" timestamp with time zone NOT NULL,
	"test_value" double precision,
	"control_solution_id" bigint,
	"control_lot" text NOT NULL,
	"test_strip_id" bigint,
	"strip_lot" text NOT NULL,
	"target" double precision,
	"sd" double precision,
	"range_low" double precision,
	"range_high" double precision,
	"result" text NOT NULL,
	"entered_result" text,
	"in_range" boolean,
	"violations" text[] DEFAULT '{}'::text[] NOT NULL,
	"rejected" boolean DEFAULT false NOT NULL,
	"tester_id" bigint,
	"tester_name" text NOT NULL,
	"failure_reason" text,
	"improvement_actions" text,
	"source" text DEFAULT 'manual' NOT NULL,
	"device_record_no" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" bigint,
	"delete_reason" text,
	CONSTRAINT "qc_records_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "qc_records_level_ck" CHECK ("qc_records"."level" between 0 and 2),
	CONSTRAINT "qc_records_result_ck" CHECK ("qc_records"."result" in ('pass', 'fail')),
	CONSTRAINT "qc_records_source_ck" CHECK ("qc_records"."source" in ('manual', 'meter'))
);
--> statement-breakpoint
CREATE TABLE "test_strips" (
	"tenant_id" text NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "test_strips_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"item" text DEFAULT 'GLU' NOT NULL,
	"type" text,
	"lot_number" text NOT NULL,
	"manufacture_date" date,
	"expiry_date" date,
	"count_tested" integer DEFAULT 0 NOT NULL,
	"control_ranges" jsonb NOT NULL,
	"status" text DEFAULT 'normal' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" bigint,
	"delete_reason" text,
	CONSTRAINT "test_strips_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "test_strips_status_ck" CHECK ("test_strips"."status" in ('normal', 'invalid', 'suspended'))
);
--> statement-breakpoint
ALTER TABLE "measurements" ADD COLUMN "qc_hold" text;--> statement-breakpoint
ALTER TABLE "analyzer_loans" ADD CONSTRAINT "analyzer_loans_tenant_id_analyzer_id_analyzers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","analyzer_id") REFERENCES "public"."analyzers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analyzers" ADD CONSTRAINT "analyzers_tenant_id_control_solution_id_control_solutions_tenant_id_id_fk" FOREIGN KEY ("tenant_id","control_solution_id") REFERENCES "public"."control_solutions"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analyzers" ADD CONSTRAINT "analyzers_tenant_id_test_strip_id_test_strips_tenant_id_id_fk" FOREIGN KEY ("tenant_id","test_strip_id") REFERENCES "public"."test_strips"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_lock_overrides" ADD CONSTRAINT "qc_lock_overrides_tenant_id_analyzer_id_analyzers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","analyzer_id") REFERENCES "public"."analyzers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_monthly_reports" ADD CONSTRAINT "qc_monthly_reports_tenant_id_analyzer_id_analyzers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","analyzer_id") REFERENCES "public"."analyzers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_records" ADD CONSTRAINT "qc_records_tenant_id_analyzer_id_analyzers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","analyzer_id") REFERENCES "public"."analyzers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "analyzer_loans_open_uq" ON "analyzer_loans" USING btree ("tenant_id","analyzer_id") WHERE "analyzer_loans"."returned_on" is null;--> statement-breakpoint
CREATE INDEX "analyzer_loans_analyzer_idx" ON "analyzer_loans" USING btree ("tenant_id","analyzer_id","lent_on");--> statement-breakpoint
CREATE UNIQUE INDEX "analyzers_sn_uq" ON "analyzers" USING btree ("tenant_id","sn") WHERE "analyzers"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "analyzers_department_idx" ON "analyzers" USING btree ("tenant_id","department_code");--> statement-breakpoint
CREATE UNIQUE INDEX "control_solutions_lot_uq" ON "control_solutions" USING btree ("tenant_id","item","lot_number") WHERE "control_solutions"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "qc_lock_overrides_analyzer_idx" ON "qc_lock_overrides" USING btree ("tenant_id","analyzer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "qc_monthly_reports_uq" ON "qc_monthly_reports" USING btree ("tenant_id","analyzer_id","month");--> statement-breakpoint
CREATE INDEX "qc_records_analyzer_idx" ON "qc_records" USING btree ("tenant_id","analyzer_id","item","level","tested_at") WHERE "qc_records"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "qc_records_department_idx" ON "qc_records" USING btree ("tenant_id","department_code","tested_at") WHERE "qc_records"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "qc_records_time_idx" ON "qc_records" USING btree ("tenant_id","tested_at") WHERE "qc_records"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "qc_records_device_record_uq" ON "qc_records" USING btree ("tenant_id","analyzer_sn","device_record_no") WHERE "qc_records"."device_record_no" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "test_strips_lot_uq" ON "test_strips" USING btree ("tenant_id","item","lot_number") WHERE "test_strips"."deleted_at" is null;