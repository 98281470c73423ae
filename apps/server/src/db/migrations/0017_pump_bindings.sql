CREATE TABLE "pump_basal_profiles" (
	"tenant_id" text NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "pump_basal_profiles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"binding_id" bigint NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"segments" jsonb NOT NULL,
	"set_by_id" bigint NOT NULL,
	"set_by_name" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pump_basal_profiles_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "pump_bindings" (
	"tenant_id" text NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "pump_bindings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"pump_id" bigint NOT NULL,
	"patient_id" bigint NOT NULL,
	"admission_id" bigint,
	"department_code" text NOT NULL,
	"up_at" timestamp with time zone NOT NULL,
	"executor_id" bigint NOT NULL,
	"executor_name" text NOT NULL,
	"responsible_doctor_id" bigint,
	"responsible_doctor_name" text,
	"responsible_nurse_id" bigint,
	"responsible_nurse_name" text,
	"co_managing_doctor_id" bigint,
	"co_managing_doctor_name" text,
	"note" text,
	"down_at" timestamp with time zone,
	"down_by_id" bigint,
	"down_by_name" text,
	"down_reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pump_bindings_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "pump_bindings_down_after_up_ck" CHECK ("pump_bindings"."down_at" is null or "pump_bindings"."down_at" > "pump_bindings"."up_at")
);
--> statement-breakpoint
CREATE TABLE "pump_tube_changes" (
	"tenant_id" text NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "pump_tube_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"binding_id" bigint NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"executor_id" bigint NOT NULL,
	"executor_name" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pump_tube_changes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "pump_basal_profiles" ADD CONSTRAINT "pump_basal_profiles_tenant_id_binding_id_pump_bindings_tenant_id_id_fk" FOREIGN KEY ("tenant_id","binding_id") REFERENCES "public"."pump_bindings"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pump_bindings" ADD CONSTRAINT "pump_bindings_tenant_id_pump_id_insulin_pumps_tenant_id_id_fk" FOREIGN KEY ("tenant_id","pump_id") REFERENCES "public"."insulin_pumps"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pump_bindings" ADD CONSTRAINT "pump_bindings_tenant_id_patient_id_patients_tenant_id_id_fk" FOREIGN KEY ("tenant_id","patient_id") REFERENCES "public"."patients"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pump_tube_changes" ADD CONSTRAINT "pump_tube_changes_tenant_id_binding_id_pump_bindings_tenant_id_id_fk" FOREIGN KEY ("tenant_id","binding_id") REFERENCES "public"."pump_bindings"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pump_basal_profiles_binding_idx" ON "pump_basal_profiles" USING btree ("tenant_id","binding_id","effective_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pump_bindings_open_pump_uq" ON "pump_bindings" USING btree ("tenant_id","pump_id") WHERE "pump_bindings"."down_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "pump_bindings_open_patient_uq" ON "pump_bindings" USING btree ("tenant_id","patient_id") WHERE "pump_bindings"."down_at" is null;--> statement-breakpoint
CREATE INDEX "pump_bindings_pump_idx" ON "pump_bindings" USING btree ("tenant_id","pump_id","up_at");--> statement-breakpoint
CREATE INDEX "pump_bindings_patient_idx" ON "pump_bindings" USING btree ("tenant_id","patient_id","up_at");--> statement-breakpoint
CREATE INDEX "pump_tube_changes_binding_idx" ON "pump_tube_changes" USING btree ("tenant_id","binding_id","changed_at");