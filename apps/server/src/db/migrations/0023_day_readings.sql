CREATE TABLE "patient_day_readings" (
	"tenant_id" text NOT NULL,
	"patient_id" bigint NOT NULL,
	"day" date NOT NULL,
	"readings" jsonb NOT NULL,
	CONSTRAINT "patient_day_readings_tenant_id_patient_id_day_pk" PRIMARY KEY("tenant_id","patient_id","day")
);
--> statement-breakpoint
-- Issue 20: each patient's readings per UTC day (see schema/monitor.ts), kept like the rows of 0022:
-- statement-level triggers on "measurements", the patient's advisory lock of 0022 (the same key, so one
-- writer of a patient holds one lock for all the derived rows), then a recompute of the touched days.
CREATE TYPE "patient_day_key" AS ("tenant_id" text, "patient_id" bigint, "day" date);
--> statement-breakpoint
-- The readings the day's tasks can count (progress.ts): live, of the three monitored items, with a value
-- or a reason for none.
CREATE FUNCTION "patient_day_reading_counts"(p_item text, p_deleted_at timestamptz, p_value double precision,
  p_untested text, p_reject text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT p_deleted_at IS NULL AND p_item IN ('GLU', 'KET', 'UA')
     AND (p_value IS NOT NULL OR p_untested IS NOT NULL OR p_reject IS NOT NULL)
$$;
--> statement-breakpoint
CREATE FUNCTION "patient_day_readings_of"(p_tenant text, p_patient bigint, p_day date) RETURNS jsonb
  LANGUAGE sql STABLE AS $$
  SELECT jsonb_agg(jsonb_build_object('id', m."id", 'item', m."item", 'period_code', m."period_code",
           'test_time', to_char(m."test_time" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), 'value', m."value", 'entered_value', m."entered_value",
           'entered_unit', m."entered_unit", 'untested_reason', m."untested_reason",
           'reject_reason', m."reject_reason", 'classification', m."classification", 'color', m."color")
           ORDER BY m."test_time", m."item")
    FROM "measurements" m
   WHERE m."tenant_id" = p_tenant AND m."patient_id" = p_patient AND m."item" IN ('GLU', 'KET', 'UA')
     AND m."deleted_at" IS NULL
     AND m."test_time" >= (p_day::timestamp AT TIME ZONE 'UTC')
     AND m."test_time" < ((p_day + 1)::timestamp AT TIME ZONE 'UTC')
     AND (m."value" IS NOT NULL OR m."untested_reason" IS NOT NULL OR m."reject_reason" IS NOT NULL)
$$;
--> statement-breakpoint
CREATE FUNCTION "patient_day_readings_refresh"(p_keys "patient_day_key"[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(p_keys), 0) = 0 THEN RETURN; END IF;
  PERFORM "patient_now_lock"(ARRAY(SELECT 'patient_now:' || k."tenant_id" || ':' || k."patient_id" FROM unnest(p_keys) k));
  INSERT INTO "patient_day_readings" AS d ("tenant_id", "patient_id", "day", "readings")
  SELECT k."tenant_id", k."patient_id", k."day", r."readings"
    FROM (SELECT DISTINCT * FROM unnest(p_keys)) k
    CROSS JOIN LATERAL (SELECT "patient_day_readings_of"(k."tenant_id", k."patient_id", k."day") AS "readings") r
   WHERE r."readings" IS NOT NULL
   ORDER BY 1, 2, 3
  ON CONFLICT ("tenant_id", "patient_id", "day") DO UPDATE SET "readings" = EXCLUDED."readings"
  WHERE d."readings" IS DISTINCT FROM EXCLUDED."readings";
  -- the day's last counting reading was deleted, moved or lost its value and reason: no row
  DELETE FROM "patient_day_readings" d
   USING (SELECT DISTINCT * FROM unnest(p_keys)) k
   WHERE d."tenant_id" = k."tenant_id" AND d."patient_id" = k."patient_id" AND d."day" = k."day"
     AND "patient_day_readings_of"(k."tenant_id", k."patient_id", k."day") IS NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "patient_day_readings_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "patient_day_readings_refresh"(ARRAY(
    SELECT DISTINCT ROW(n."tenant_id", n."patient_id", (n."test_time" AT TIME ZONE 'UTC')::date)::"patient_day_key"
      FROM new_rows n
     WHERE "patient_day_reading_counts"(n."item", n."deleted_at", n."value", n."untested_reason", n."reject_reason")));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "patient_day_readings_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "patient_day_readings_refresh"(ARRAY(
    SELECT DISTINCT ROW(o."tenant_id", o."patient_id", (o."test_time" AT TIME ZONE 'UTC')::date)::"patient_day_key"
      FROM old_rows o
     WHERE "patient_day_reading_counts"(o."item", o."deleted_at", o."value", o."untested_reason", o."reject_reason")));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Only rows whose counted state changed: approving readings or editing a note costs nothing here.
CREATE FUNCTION "patient_day_readings_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "patient_day_readings_refresh"(ARRAY(
    SELECT DISTINCT ROW(x."tenant_id", x."patient_id", (x."test_time" AT TIME ZONE 'UTC')::date)::"patient_day_key"
      FROM old_rows o JOIN new_rows n ON n."tenant_id" = o."tenant_id" AND n."id" = o."id",
           LATERAL (VALUES (o."tenant_id", o."patient_id", o."test_time"), (n."tenant_id", n."patient_id", n."test_time"))
             AS x("tenant_id", "patient_id", "test_time")
     WHERE (n."patient_id", n."item", n."deleted_at" IS NULL, n."test_time", n."value", n."entered_value",
            n."entered_unit", n."untested_reason", n."reject_reason", n."classification", n."color", n."period_code")
           IS DISTINCT FROM
           (o."patient_id", o."item", o."deleted_at" IS NULL, o."test_time", o."value", o."entered_value",
            o."entered_unit", o."untested_reason", o."reject_reason", o."classification", o."color", o."period_code")
       AND ("patient_day_reading_counts"(o."item", o."deleted_at", o."value", o."untested_reason", o."reject_reason")
            OR "patient_day_reading_counts"(n."item", n."deleted_at", n."value", n."untested_reason", n."reject_reason"))));
  RETURN NULL;
END;
$$;
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
CREATE FUNCTION "patient_day_readings_on_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE "patient_day_readings";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "measurements_patient_day_readings_truncate" AFTER TRUNCATE ON "measurements"
  FOR EACH STATEMENT EXECUTE FUNCTION "patient_day_readings_on_truncate"();
--> statement-breakpoint
-- A tenant's day readings afresh; the caller holds the table locks of "patient_now_rebuild".
CREATE FUNCTION "patient_day_readings_rebuild"(p_tenant text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "patient_day_readings" WHERE "tenant_id" = p_tenant;
  INSERT INTO "patient_day_readings" ("tenant_id", "patient_id", "day", "readings")
  SELECT k."tenant_id", k."patient_id", k."day", "patient_day_readings_of"(k."tenant_id", k."patient_id", k."day")
    FROM (SELECT DISTINCT m."tenant_id", m."patient_id", (m."test_time" AT TIME ZONE 'UTC')::date AS "day"
            FROM "measurements" m
           WHERE m."tenant_id" = p_tenant
             AND "patient_day_reading_counts"(m."item", m."deleted_at", m."value", m."untested_reason", m."reject_reason")) k;
END;
$$;
--> statement-breakpoint
-- The rebuild of 0022 now rebuilds the day readings too, under the table locks it takes first.
ALTER FUNCTION "patient_now_rebuild"(text) RENAME TO "patient_now_rebuild_0022";
--> statement-breakpoint
CREATE FUNCTION "patient_now_rebuild"(p_tenant text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "patient_now_rebuild_0022"(p_tenant);
  PERFORM "patient_day_readings_rebuild"(p_tenant);
END;
$$;
--> statement-breakpoint
SELECT "patient_day_readings_rebuild"("tenant_id") FROM (SELECT DISTINCT "tenant_id" FROM "measurements") t;
--> statement-breakpoint
ANALYZE "patient_day_readings";
