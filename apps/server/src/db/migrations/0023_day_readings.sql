CREATE TABLE "patient_day_readings" (
	"tenant_id" text NOT NULL,
	"patient_id" bigint NOT NULL,
	"day" date NOT NULL,
	"entries" jsonb NOT NULL,
	CONSTRAINT "patient_day_readings_tenant_id_patient_id_day_pk" PRIMARY KEY("tenant_id","patient_id","day")
);
--> statement-breakpoint
-- Issue 20: each patient's readings per UTC day (see schema/monitor.ts), kept in the writer's
-- transaction under the patient's advisory lock of migration 0022 (the same key: one writer of a patient
-- holds one lock for all the derived rows). Entries are in (test time, item) order; the test time is
-- written in UTC with microseconds, fixed width, so the text orders as the instants do.
CREATE TYPE "patient_day_key" AS ("tenant_id" text, "patient_id" bigint, "day" date);
--> statement-breakpoint
-- The readings the day's tasks can count (tasks/progress.ts): live, of the three monitored items, with
-- a value or a reason for none.
CREATE FUNCTION "patient_day_counts_reading"(p_item text, p_deleted_at timestamptz, p_value double precision,
  p_untested text, p_reject text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT p_deleted_at IS NULL AND p_item IN ('GLU', 'KET', 'UA')
     AND (p_value IS NOT NULL OR p_untested IS NOT NULL OR p_reject IS NOT NULL)
$$;
--> statement-breakpoint
CREATE FUNCTION "patient_day_time"(p_time timestamptz) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT to_char(p_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
$$;
--> statement-breakpoint
CREATE FUNCTION "patient_day_entry"(p_period text, p_time timestamptz, p_item text, p_value double precision,
  p_untested text, p_reject text) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_array(p_period, "patient_day_time"(p_time), p_item, p_value IS NULL,
           CASE WHEN p_value IS NULL THEN p_untested END, CASE WHEN p_value IS NULL THEN p_reject END)
$$;
--> statement-breakpoint
-- A day's entries from the readings: one probe of measurements_patient_time_uq per item (the item stands
-- before the test time in that index; "item IN (...)" would let the planner walk the patient's whole
-- history and filter the day out of it, and OFFSET 0 keeps each item an index condition).
CREATE FUNCTION "patient_day_entries_of"(p_tenant text, p_patient bigint, p_day date) RETURNS jsonb
  LANGUAGE sql STABLE AS $$
  SELECT jsonb_agg("patient_day_entry"(m."period_code", m."test_time", m."item", m."value", m."untested_reason",
           m."reject_reason") ORDER BY m."test_time", m."item" COLLATE "C")
    FROM unnest(ARRAY['GLU', 'KET', 'UA']) AS i("item")
    CROSS JOIN LATERAL (
      SELECT * FROM "measurements" m
       WHERE m."tenant_id" = p_tenant AND m."patient_id" = p_patient AND m."item" = i."item"
         AND m."deleted_at" IS NULL
         AND m."test_time" >= (p_day::timestamp AT TIME ZONE 'UTC')
         AND m."test_time" < ((p_day + 1)::timestamp AT TIME ZONE 'UTC')
         AND (m."value" IS NOT NULL OR m."untested_reason" IS NOT NULL OR m."reject_reason" IS NOT NULL)
      OFFSET 0) m
$$;
--> statement-breakpoint
-- Rebuilds the touched days (each computed once): days with entries upserted (unchanged ones not
-- rewritten), days left without any deleted.
CREATE FUNCTION "patient_day_readings_refresh"(p_keys "patient_day_key"[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(p_keys), 0) = 0 THEN RETURN; END IF;
  PERFORM "patient_now_lock"(ARRAY(SELECT 'patient_now:' || k."tenant_id" || ':' || k."patient_id" FROM unnest(p_keys) k));
  WITH computed AS MATERIALIZED (
    SELECT k."tenant_id", k."patient_id", k."day", "patient_day_entries_of"(k."tenant_id", k."patient_id", k."day") AS "entries"
      FROM (SELECT DISTINCT * FROM unnest(p_keys)) k
  ), upserted AS (
    INSERT INTO "patient_day_readings" AS d ("tenant_id", "patient_id", "day", "entries")
    SELECT c."tenant_id", c."patient_id", c."day", c."entries" FROM computed c
     WHERE c."entries" IS NOT NULL
     ORDER BY 1, 2, 3
    ON CONFLICT ("tenant_id", "patient_id", "day") DO UPDATE SET "entries" = EXCLUDED."entries"
    WHERE d."entries" IS DISTINCT FROM EXCLUDED."entries"
  )
  DELETE FROM "patient_day_readings" d
   USING computed c
   WHERE c."entries" IS NULL
     AND d."tenant_id" = c."tenant_id" AND d."patient_id" = c."patient_id" AND d."day" = c."day";
END;
$$;
--> statement-breakpoint
-- An insert (entry, upload, HL7) merges its entries into the days it touches without reading the
-- readings again: appended when they come after the day's last (new readings, the common case), else
-- merged in (time, item) order; a day without a row had no entries. The patients' lock comes first, so
-- the day read here is the last committed one.
CREATE FUNCTION "patient_day_readings_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "patient_now_lock"(ARRAY(
    SELECT DISTINCT 'patient_now:' || n."tenant_id" || ':' || n."patient_id" FROM new_rows n
     WHERE "patient_day_counts_reading"(n."item", n."deleted_at", n."value", n."untested_reason", n."reject_reason")));
  WITH added AS MATERIALIZED (
    SELECT n."tenant_id", n."patient_id", (n."test_time" AT TIME ZONE 'UTC')::date AS "day",
           jsonb_agg("patient_day_entry"(n."period_code", n."test_time", n."item", n."value", n."untested_reason",
             n."reject_reason") ORDER BY n."test_time", n."item" COLLATE "C") AS "entries"
      FROM new_rows n
     WHERE "patient_day_counts_reading"(n."item", n."deleted_at", n."value", n."untested_reason", n."reject_reason")
     GROUP BY 1, 2, 3
  ), merged AS (
    UPDATE "patient_day_readings" d SET "entries" = CASE
        WHEN ROW((d."entries" -> -1 ->> 1) COLLATE "C", (d."entries" -> -1 ->> 2) COLLATE "C")
             < ROW((a."entries" -> 0 ->> 1) COLLATE "C", (a."entries" -> 0 ->> 2) COLLATE "C")
          THEN d."entries" || a."entries"
        ELSE (SELECT jsonb_agg(x."entry" ORDER BY (x."entry" ->> 1) COLLATE "C", (x."entry" ->> 2) COLLATE "C")
                FROM (SELECT jsonb_array_elements(d."entries") AS "entry"
                      UNION ALL SELECT jsonb_array_elements(a."entries")) x)
      END
      FROM added a
     WHERE d."tenant_id" = a."tenant_id" AND d."patient_id" = a."patient_id" AND d."day" = a."day"
  )
  INSERT INTO "patient_day_readings" ("tenant_id", "patient_id", "day", "entries")
  SELECT a."tenant_id", a."patient_id", a."day", a."entries" FROM added a
   WHERE NOT EXISTS (SELECT 1 FROM "patient_day_readings" d
                      WHERE d."tenant_id" = a."tenant_id" AND d."patient_id" = a."patient_id" AND d."day" = a."day")
   ORDER BY 1, 2, 3;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "patient_day_readings_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "patient_day_readings_refresh"(ARRAY(
    SELECT DISTINCT ROW(o."tenant_id", o."patient_id", (o."test_time" AT TIME ZONE 'UTC')::date)::"patient_day_key"
      FROM old_rows o
     WHERE "patient_day_counts_reading"(o."item", o."deleted_at", o."value", o."untested_reason", o."reject_reason")));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Only rows whose entry changed: approving readings or editing a note costs nothing here.
CREATE FUNCTION "patient_day_readings_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "patient_day_readings_refresh"(ARRAY(
    SELECT DISTINCT ROW(x."tenant_id", x."patient_id", (x."test_time" AT TIME ZONE 'UTC')::date)::"patient_day_key"
      FROM old_rows o JOIN new_rows n ON n."tenant_id" = o."tenant_id" AND n."id" = o."id",
           LATERAL (VALUES (o."tenant_id", o."patient_id", o."test_time"), (n."tenant_id", n."patient_id", n."test_time"))
             AS x("tenant_id", "patient_id", "test_time")
     WHERE (n."patient_id", n."item", n."deleted_at" IS NULL, n."test_time", n."value" IS NULL, n."untested_reason",
            n."reject_reason", n."period_code")
           IS DISTINCT FROM
           (o."patient_id", o."item", o."deleted_at" IS NULL, o."test_time", o."value" IS NULL, o."untested_reason",
            o."reject_reason", o."period_code")
       AND ("patient_day_counts_reading"(o."item", o."deleted_at", o."value", o."untested_reason", o."reject_reason")
            OR "patient_day_counts_reading"(n."item", n."deleted_at", n."value", n."untested_reason", n."reject_reason"))));
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
-- A tenant's days afresh; the caller holds the table locks of "patient_now_rebuild".
CREATE FUNCTION "patient_day_readings_rebuild"(p_tenant text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "patient_day_readings" WHERE "tenant_id" = p_tenant;
  INSERT INTO "patient_day_readings" ("tenant_id", "patient_id", "day", "entries")
  SELECT m."tenant_id", m."patient_id", (m."test_time" AT TIME ZONE 'UTC')::date,
         jsonb_agg("patient_day_entry"(m."period_code", m."test_time", m."item", m."value", m."untested_reason",
           m."reject_reason") ORDER BY m."test_time", m."item" COLLATE "C")
    FROM "measurements" m
   WHERE m."tenant_id" = p_tenant
     AND "patient_day_counts_reading"(m."item", m."deleted_at", m."value", m."untested_reason", m."reject_reason")
   GROUP BY 1, 2, 3;
END;
$$;
--> statement-breakpoint
-- The rebuild of 0022 now rebuilds the days too, under the table locks it takes first.
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
