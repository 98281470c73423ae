-- Issue 22: measurements partitioned by month of test_time (declarative range partitioning). A hospital
-- keeps years of readings; the live pages ask for days, weeks and months, so each query reads the months
-- it asks for whatever the history. Months are UTC calendar months ("measurements_y2026m11"); readings
-- outside every partition land in "measurements_default" until `measurement_partitions_maintain` gives
-- their month a partition. Old months can be detached to schema "measurements_archive" (db/partitions.ts).
--
-- The table is rebuilt once: renamed aside, a partitioned one created like it, the rows copied with
-- their ids (the derived rows and the HL7 outbox are already right, so the triggers are created after
-- the copy), the keys and indexes built on the whole, the old table dropped.
-- A critical value's time is its reading's from now on whatever the event's state (the write path keeps
-- it so, issue 22): the lists join the reading by id and time, which names its month. Events whose
-- reading was corrected to a normal value at another time kept the old time until now.
UPDATE "critical_events" ce SET "measured_at" = m."test_time"
  FROM "measurements" m
 WHERE m."tenant_id" = ce."tenant_id" AND m."id" = ce."measurement_id" AND ce."measured_at" <> m."test_time";
--> statement-breakpoint
ALTER TABLE "measurements" RENAME TO "measurements_unpartitioned";
--> statement-breakpoint
ALTER TABLE "measurements_unpartitioned" RENAME CONSTRAINT "measurements_tenant_id_id_pk" TO "measurements_unpartitioned_pk";
--> statement-breakpoint
ALTER TABLE "measurements_unpartitioned" RENAME CONSTRAINT "measurements_tenant_id_patient_id_patients_tenant_id_id_fk" TO "measurements_unpartitioned_patient_fk";
--> statement-breakpoint
DROP INDEX "measurements_patient_time_uq", "measurements_device_record_uq", "measurements_department_idx",
  "measurements_pending_idx", "measurements_item_time_idx";
--> statement-breakpoint
ALTER SEQUENCE "measurements_id_seq" RENAME TO "measurements_unpartitioned_id_seq";
--> statement-breakpoint
CREATE TABLE "measurements" (LIKE "measurements_unpartitioned" INCLUDING DEFAULTS INCLUDING IDENTITY)
  PARTITION BY RANGE ("test_time");
--> statement-breakpoint
CREATE TABLE "measurements_default" PARTITION OF "measurements" DEFAULT;
--> statement-breakpoint
-- The partition of one UTC month, created if missing; the readings of that month waiting in the default
-- partition are moved into it. Created aside and attached, so that the partitioned table itself is only
-- share-locked (a CREATE TABLE ... PARTITION OF would block every reading and writing session meanwhile).
CREATE FUNCTION "measurement_partition_ensure"(p_at timestamptz) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  v_from timestamptz := date_trunc('month', p_at, 'UTC');
  v_to timestamptz := (date_trunc('month', p_at, 'UTC') AT TIME ZONE 'UTC' + interval '1 month') AT TIME ZONE 'UTC';
  v_name text := 'measurements_' || to_char(p_at AT TIME ZONE 'UTC', '"y"YYYY"m"MM');
BEGIN
  -- several server processes run the maintenance: one creates a month, the others then find it
  PERFORM pg_advisory_xact_lock(hashtext('measurement_partitions'));
  IF EXISTS (SELECT 1 FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
              WHERE i.inhparent = 'measurements'::regclass AND c.relname = v_name) THEN
    RETURN false;
  END IF;
  EXECUTE format('CREATE TABLE %I (LIKE "measurements" INCLUDING DEFAULTS)', v_name);
  EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I CHECK ("test_time" >= %L AND "test_time" < %L)',
                 v_name, v_name || '_month', v_from, v_to);
  EXECUTE format('WITH moved AS (DELETE FROM "measurements_default" WHERE "test_time" >= $1 AND "test_time" < $2 RETURNING *)
                  INSERT INTO %I SELECT * FROM moved', v_name) USING v_from, v_to;
  EXECUTE format('ALTER TABLE "measurements" ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', v_name, v_from, v_to);
  -- the check only spared the attach a scan of the new partition; its bound says the same
  EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I', v_name, v_name || '_month');
  RETURN true;
END $$;
--> statement-breakpoint
-- The partitions of every month from p_from to p_to; returns how many were created.
CREATE FUNCTION "measurement_partitions_ensure"(p_from timestamptz, p_to timestamptz) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_month timestamp := date_trunc('month', p_from AT TIME ZONE 'UTC');
  v_created integer := 0;
BEGIN
  WHILE v_month <= p_to AT TIME ZONE 'UTC' LOOP
    IF "measurement_partition_ensure"(v_month AT TIME ZONE 'UTC') THEN v_created := v_created + 1; END IF;
    v_month := v_month + interval '1 month';
  END LOOP;
  RETURN v_created;
END $$;
--> statement-breakpoint
-- What the server runs at start and daily: the months from last month to p_months_ahead ahead, and a
-- partition for every month whose readings wait in the default partition (a meter whose clock was wrong,
-- a month that was archived); returns how many partitions were created.
CREATE FUNCTION "measurement_partitions_maintain"(p_months_ahead integer DEFAULT 3) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_created integer;
  v_month timestamptz;
BEGIN
  v_created := "measurement_partitions_ensure"(now() - interval '1 month', now() + make_interval(months => p_months_ahead));
  FOR v_month IN SELECT DISTINCT date_trunc('month', "test_time", 'UTC') FROM "measurements_default" LOOP
    IF "measurement_partition_ensure"(v_month) THEN v_created := v_created + 1; END IF;
  END LOOP;
  -- autovacuum analyzes each month but never the partitioned table as a whole, whose statistics the
  -- planner uses wherever a query spans months: taken again when the months change (about monthly)
  IF v_created > 0 OR (SELECT reltuples < 0 FROM pg_class WHERE oid = '"measurements"'::regclass) THEN
    ANALYZE "measurements";
  END IF;
  RETURN v_created;
END $$;
--> statement-breakpoint
SELECT "measurement_partition_ensure"(m) FROM (
  SELECT DISTINCT date_trunc('month', "test_time", 'UTC') AS m FROM "measurements_unpartitioned") months;
--> statement-breakpoint
SELECT "measurement_partitions_maintain"(3);
--> statement-breakpoint
INSERT INTO "measurements" OVERRIDING SYSTEM VALUE SELECT * FROM "measurements_unpartitioned";
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('"measurements"', 'id'), s.last_id)
  FROM (SELECT greatest((SELECT max("id") FROM "measurements_unpartitioned"),
                        (SELECT CASE WHEN is_called THEN last_value END FROM "measurements_unpartitioned_id_seq")) AS last_id) s
 WHERE s.last_id IS NOT NULL;
--> statement-breakpoint
DROP TABLE "measurements_unpartitioned";
--> statement-breakpoint
ALTER TABLE "measurements" ADD CONSTRAINT "measurements_tenant_id_id_test_time_pk" PRIMARY KEY ("tenant_id", "id", "test_time");
--> statement-breakpoint
ALTER TABLE "measurements" ADD CONSTRAINT "measurements_tenant_id_patient_id_patients_tenant_id_id_fk"
  FOREIGN KEY ("tenant_id", "patient_id") REFERENCES "patients"("tenant_id", "id");
--> statement-breakpoint
CREATE UNIQUE INDEX "measurements_patient_time_uq" ON "measurements" USING btree ("tenant_id", "patient_id", "item", "test_time")
  INCLUDE ("id", "value", "period_code", "classification", "entered_unit") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "measurements_device_record_uq" ON "measurements" USING btree ("tenant_id", "device_serial", "device_record_no", "test_time")
  WHERE "device_serial" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "measurements_department_idx" ON "measurements" USING btree ("tenant_id", "department_code", "item", "test_time")
  WHERE "deleted_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "measurements_pending_idx" ON "measurements" USING btree ("tenant_id", "department_code", "item", "test_time")
  WHERE "deleted_at" IS NULL AND "status" = 'pending';
--> statement-breakpoint
CREATE INDEX "measurements_item_time_idx" ON "measurements" USING btree ("tenant_id", "item", "test_time")
  WHERE "deleted_at" IS NULL;
--> statement-breakpoint
-- The derived rows (migrations 0007, 0022, 0023) and the HL7 outbox (0024), as before: statement
-- triggers on the partitioned table see the rows of every partition in their transition tables.
CREATE TRIGGER "measurements_glucose_counts_insert" AFTER INSERT ON "measurements"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "glucose_day_counts_on_insert"();
--> statement-breakpoint
CREATE TRIGGER "measurements_glucose_counts_update" AFTER UPDATE ON "measurements"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "glucose_day_counts_on_update"();
--> statement-breakpoint
CREATE TRIGGER "measurements_glucose_counts_delete" AFTER DELETE ON "measurements"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "glucose_day_counts_on_delete"();
--> statement-breakpoint
CREATE TRIGGER "measurements_glucose_counts_truncate" AFTER TRUNCATE ON "measurements"
  FOR EACH STATEMENT EXECUTE FUNCTION "glucose_day_counts_on_truncate"();
--> statement-breakpoint
CREATE TRIGGER "measurements_patient_latest_insert" AFTER INSERT ON "measurements"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "patient_latest_on_insert"();
--> statement-breakpoint
CREATE TRIGGER "measurements_patient_latest_update" AFTER UPDATE ON "measurements"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "patient_latest_on_update"();
--> statement-breakpoint
CREATE TRIGGER "measurements_patient_latest_delete" AFTER DELETE ON "measurements"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "patient_latest_on_delete"();
--> statement-breakpoint
CREATE TRIGGER "measurements_patient_latest_truncate" AFTER TRUNCATE ON "measurements"
  FOR EACH STATEMENT EXECUTE FUNCTION "patient_latest_on_truncate"();
--> statement-breakpoint
CREATE TRIGGER "measurements_patient_day_readings_insert" AFTER INSERT ON "measurements"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "patient_day_readings_on_insert"();
--> statement-breakpoint
CREATE TRIGGER "measurements_patient_day_readings_update" AFTER UPDATE ON "measurements"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "patient_day_readings_on_update"();
--> statement-breakpoint
CREATE TRIGGER "measurements_patient_day_readings_delete" AFTER DELETE ON "measurements"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "patient_day_readings_on_delete"();
--> statement-breakpoint
CREATE TRIGGER "measurements_patient_day_readings_truncate" AFTER TRUNCATE ON "measurements"
  FOR EACH STATEMENT EXECUTE FUNCTION "patient_day_readings_on_truncate"();
--> statement-breakpoint
CREATE TRIGGER "measurements_hl7_outbox_insert" AFTER INSERT ON "measurements"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "hl7_outbox_on_insert"();
--> statement-breakpoint
CREATE TRIGGER "measurements_hl7_outbox_update" AFTER UPDATE ON "measurements"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "hl7_outbox_on_update"();
--> statement-breakpoint
-- without statistics the planner guesses (the 1-year bench's report took 4.7 s instead of 0.2 s)
ANALYZE "measurements";
