CREATE TABLE "hl7_messages" (
	"tenant_id" text NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "hl7_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"direction" text NOT NULL,
	"control_id" text,
	"message_type" text,
	"version" text,
	"status" text NOT NULL,
	"ack_code" text,
	"error_key" text,
	"error_params" jsonb,
	"error_text" text,
	"test" boolean DEFAULT false NOT NULL,
	"sending_application" text,
	"sending_facility" text,
	"peer" text,
	"patient_id" bigint,
	"device_serials" text[] DEFAULT '{}'::text[] NOT NULL,
	"repeats" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"raw" text NOT NULL,
	"ack" text,
	"measurement_id" bigint,
	"result_status" text,
	"stored" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "hl7_messages_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "hl7_messages_direction_ck" CHECK ("hl7_messages"."direction" in ('in', 'out')),
	CONSTRAINT "hl7_messages_status_ck" CHECK ("hl7_messages"."status" in ('accepted', 'error', 'rejected', 'pending', 'retrying', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "hl7_messages_created_idx" ON "hl7_messages" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "hl7_messages_patient_idx" ON "hl7_messages" USING btree ("tenant_id","patient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "hl7_messages_inbound_uq" ON "hl7_messages" USING btree ("tenant_id",coalesce("sending_application", ''),coalesce("sending_facility", ''),"control_id") WHERE "hl7_messages"."direction" = 'in' and "hl7_messages"."control_id" is not null;--> statement-breakpoint
CREATE INDEX "hl7_messages_outbox_idx" ON "hl7_messages" USING btree ("tenant_id","id") WHERE "hl7_messages"."direction" = 'out' and "hl7_messages"."status" in ('pending', 'retrying');--> statement-breakpoint
CREATE INDEX "hl7_messages_serial_idx" ON "hl7_messages" USING gin ("device_serials");--> statement-breakpoint
CREATE INDEX "hl7_messages_measurement_idx" ON "hl7_messages" USING btree ("tenant_id","measurement_id");--> statement-breakpoint
CREATE INDEX "patients_wristband_live_idx" ON "patients" USING btree ("tenant_id","wristband_code") WHERE "patients"."deleted_at" is null and "patients"."wristband_code" is not null;
--> statement-breakpoint
-- The HL7 outbox (issue 21, docs/interop.md "Outbound"): a reading that becomes approved, an approved
-- reading corrected, deleted or restored, is queued as an ORU^R01 in the writer's transaction, whatever
-- path wrote it (approval, approval at write, data management, restore). Only readings with a value,
-- not received over HL7 (no echo to the interface engine that sent them), and only for hospitals whose
-- HL7 service is on with a HIS address and port. The outbox worker composes and sends them in id order.
CREATE FUNCTION "hl7_outbox_enabled"(t text) RETURNS boolean LANGUAGE sql STABLE AS $$
  select coalesce((
    select (value->>'enable')::boolean and value->'address'->>'address' is not null
           and value->'address'->>'port' is not null
      from settings where tenant_id = t and key = 'his.interface'), false)
$$;
--> statement-breakpoint
CREATE FUNCTION "hl7_outbox_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO hl7_messages (tenant_id, direction, status, message_type, raw, patient_id, measurement_id,
                            result_status, next_attempt_at)
  SELECT n.tenant_id, 'out', 'pending', 'ORU^R01', '', n.patient_id, n.id, 'F', now()
    FROM new_rows n
    -- the switch is read once per hospital of the statement, not once per row
    JOIN (SELECT d.tenant_id FROM (SELECT DISTINCT tenant_id FROM new_rows) d
           WHERE hl7_outbox_enabled(d.tenant_id)) t ON t.tenant_id = n.tenant_id
   WHERE n.status = 'approved' AND n.deleted_at IS NULL AND n.value IS NOT NULL AND n.source <> 'hl7'
   ORDER BY n.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "hl7_outbox_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO hl7_messages (tenant_id, direction, status, message_type, raw, patient_id, measurement_id,
                            result_status, next_attempt_at)
  SELECT n.tenant_id, 'out', 'pending', 'ORU^R01', '', n.patient_id, n.id, c.result_status, now()
    FROM new_rows n
    JOIN old_rows o ON o.tenant_id = n.tenant_id AND o.id = n.id
    CROSS JOIN LATERAL (SELECT CASE
        -- approved now (review, or a restore of an approved reading)
        WHEN n.status = 'approved' AND n.deleted_at IS NULL
             AND (o.status <> 'approved' OR o.deleted_at IS NOT NULL) THEN 'F'
        -- an approved reading deleted
        WHEN o.status = 'approved' AND o.deleted_at IS NULL AND n.deleted_at IS NOT NULL THEN 'D'
        -- an approved reading corrected
        WHEN o.status = 'approved' AND n.status = 'approved' AND n.deleted_at IS NULL AND o.deleted_at IS NULL
             AND (o.value IS DISTINCT FROM n.value OR o.entered_value IS DISTINCT FROM n.entered_value
                  OR o.entered_unit IS DISTINCT FROM n.entered_unit OR o.test_time IS DISTINCT FROM n.test_time
                  OR o.patient_id IS DISTINCT FROM n.patient_id) THEN 'C'
      END AS result_status) c
    JOIN (SELECT d.tenant_id FROM (SELECT DISTINCT tenant_id FROM new_rows) d
           WHERE hl7_outbox_enabled(d.tenant_id)) t ON t.tenant_id = n.tenant_id
   WHERE c.result_status IS NOT NULL AND n.source <> 'hl7'
     AND (n.value IS NOT NULL OR c.result_status = 'D')
   ORDER BY n.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "measurements_hl7_outbox_insert" AFTER INSERT ON "measurements"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "hl7_outbox_on_insert"();
--> statement-breakpoint
CREATE TRIGGER "measurements_hl7_outbox_update" AFTER UPDATE ON "measurements"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "hl7_outbox_on_update"();
