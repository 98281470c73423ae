CREATE TABLE "patient_latest_readings" (
	"tenant_id" text NOT NULL,
	"patient_id" bigint NOT NULL,
	"item" text NOT NULL,
	"measurement_id" bigint NOT NULL,
	"department_code" text NOT NULL,
	"value" double precision NOT NULL,
	"entered_value" double precision,
	"entered_unit" text,
	"test_time" timestamp with time zone NOT NULL,
	"classification" text,
	"color" text,
	"period_code" text,
	CONSTRAINT "patient_latest_readings_tenant_id_patient_id_item_pk" PRIMARY KEY("tenant_id","patient_id","item")
);
--> statement-breakpoint
CREATE TABLE "patient_now" (
	"tenant_id" text NOT NULL,
	"patient_id" bigint NOT NULL,
	"open_critical" integer DEFAULT 0 NOT NULL,
	"awaiting_recheck" integer DEFAULT 0 NOT NULL,
	"next_recheck_due_at" timestamp with time zone,
	CONSTRAINT "patient_now_tenant_id_patient_id_pk" PRIMARY KEY("tenant_id","patient_id")
);
--> statement-breakpoint
CREATE TABLE "screen_link_uses" (
	"tenant_id" text NOT NULL,
	"link_id" bigint NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"address" text NOT NULL,
	"user_agent" text,
	"calls" integer DEFAULT 0 NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "screen_link_uses_tenant_id_link_id_hour_address_pk" PRIMARY KEY("tenant_id","link_id","hour","address")
);
--> statement-breakpoint
CREATE TABLE "screen_links" (
	"tenant_id" text NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "screen_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"whole_hospital" boolean DEFAULT false NOT NULL,
	"department_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"variant" text NOT NULL,
	"valid_until" date NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" bigint,
	"revoked_at" timestamp with time zone,
	"revoked_by" bigint,
	"revoked_reason" text,
	"last_used_at" timestamp with time zone,
	"last_used_address" text,
	"use_count" bigint DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "screen_links_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE INDEX "screen_links_tenant_idx" ON "screen_links" USING btree ("tenant_id","created_at");--> statement-breakpoint
-- Issue 20: each patient's "now" as derived rows kept in the writer's transaction (see schema/monitor.ts).
-- Writers of one patient are serialised by a transaction-level advisory lock taken before the
-- recompute: READ COMMITTED gives each statement a new snapshot, so the recompute sees every reading
-- committed before the lock was granted, and of two concurrent writers the later one writes last
-- (the app's transactions are all READ COMMITTED; a REPEATABLE READ writer would recompute from its
-- first snapshot). One key per patient for both tables: a transaction writing a reading and then its
-- critical event takes the same (re-entrant) lock twice, so no two writers can hold the two locks of
-- one patient in opposite orders. The glucose counts of migration 0007 lock their rows before this
-- lock is taken; that cannot wait in a circle as long as a transaction writes one patient's readings
-- in one statement (every write path does: entry, correction, deletion, upload, HL7).
CREATE FUNCTION "patient_now_lock"(p_keys text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  k text;
BEGIN
  -- in one order, so that two writers of overlapping patients cannot wait on each other in a circle
  FOR k IN SELECT DISTINCT x FROM unnest(p_keys) x ORDER BY x LOOP
    PERFORM pg_advisory_xact_lock(hashtextextended(k, 0));
  END LOOP;
END;
$$;
--> statement-breakpoint
CREATE TYPE "patient_item_key" AS ("tenant_id" text, "patient_id" bigint, "item" text);
--> statement-breakpoint
CREATE FUNCTION "patient_latest_refresh"(p_keys "patient_item_key"[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(p_keys), 0) = 0 THEN RETURN; END IF;
  PERFORM "patient_now_lock"(ARRAY(SELECT 'patient_now:' || k."tenant_id" || ':' || k."patient_id" FROM unnest(p_keys) k));
  INSERT INTO "patient_latest_readings" AS l ("tenant_id", "patient_id", "item", "measurement_id", "department_code",
    "value", "entered_value", "entered_unit", "test_time", "classification", "color", "period_code")
  SELECT k."tenant_id", k."patient_id", k."item", m."id", m."department_code", m."value", m."entered_value",
         m."entered_unit", m."test_time", m."classification", m."color", m."period_code"
    FROM (SELECT DISTINCT * FROM unnest(p_keys)) k
    CROSS JOIN LATERAL (
      SELECT * FROM "measurements" m
       WHERE m."tenant_id" = k."tenant_id" AND m."patient_id" = k."patient_id" AND m."item" = k."item"
         AND m."deleted_at" IS NULL AND m."value" IS NOT NULL
       -- live readings of a patient and item never share a time (measurements_patient_time_uq): no
       -- tie to break, and the probe stays one step of that index backwards (no sort)
       ORDER BY m."test_time" DESC
       LIMIT 1) m
   ORDER BY 1, 2, 3
  ON CONFLICT ("tenant_id", "patient_id", "item") DO UPDATE SET
    "measurement_id" = EXCLUDED."measurement_id", "department_code" = EXCLUDED."department_code",
    "value" = EXCLUDED."value", "entered_value" = EXCLUDED."entered_value", "entered_unit" = EXCLUDED."entered_unit",
    "test_time" = EXCLUDED."test_time", "classification" = EXCLUDED."classification", "color" = EXCLUDED."color",
    "period_code" = EXCLUDED."period_code"
  WHERE (l."measurement_id", l."department_code", l."value", l."entered_value", l."entered_unit", l."test_time",
         l."classification", l."color", l."period_code") IS DISTINCT FROM
        (EXCLUDED."measurement_id", EXCLUDED."department_code", EXCLUDED."value", EXCLUDED."entered_value",
         EXCLUDED."entered_unit", EXCLUDED."test_time", EXCLUDED."classification", EXCLUDED."color",
         EXCLUDED."period_code");
  -- the item's last reading was deleted (or lost its value): no row
  DELETE FROM "patient_latest_readings" l
   USING (SELECT DISTINCT * FROM unnest(p_keys)) k
   WHERE l."tenant_id" = k."tenant_id" AND l."patient_id" = k."patient_id" AND l."item" = k."item"
     AND NOT EXISTS (
       SELECT 1 FROM "measurements" m
        WHERE m."tenant_id" = k."tenant_id" AND m."patient_id" = k."patient_id" AND m."item" = k."item"
          AND m."deleted_at" IS NULL AND m."value" IS NOT NULL);
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "patient_latest_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "patient_latest_refresh"(ARRAY(
    SELECT DISTINCT ROW(n."tenant_id", n."patient_id", n."item")::"patient_item_key"
      FROM new_rows n WHERE n."value" IS NOT NULL AND n."deleted_at" IS NULL));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "patient_latest_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "patient_latest_refresh"(ARRAY(
    SELECT DISTINCT ROW(o."tenant_id", o."patient_id", o."item")::"patient_item_key"
      FROM old_rows o WHERE o."value" IS NOT NULL AND o."deleted_at" IS NULL));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Only rows whose shown state changed count: approving readings or editing a note costs nothing here.
CREATE FUNCTION "patient_latest_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "patient_latest_refresh"(ARRAY(
    SELECT DISTINCT ROW(x."tenant_id", x."patient_id", x."item")::"patient_item_key"
      FROM old_rows o JOIN new_rows n ON n."tenant_id" = o."tenant_id" AND n."id" = o."id",
           LATERAL (VALUES (o."tenant_id", o."patient_id", o."item"), (n."tenant_id", n."patient_id", n."item"))
             AS x("tenant_id", "patient_id", "item")
     WHERE (n."patient_id", n."item", n."value", n."deleted_at" IS NULL, n."test_time", n."entered_value",
            n."entered_unit", n."classification", n."color", n."period_code", n."department_code")
           IS DISTINCT FROM
           (o."patient_id", o."item", o."value", o."deleted_at" IS NULL, o."test_time", o."entered_value",
            o."entered_unit", o."classification", o."color", o."period_code", o."department_code")));
  RETURN NULL;
END;
$$;
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
CREATE FUNCTION "patient_latest_on_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE "patient_latest_readings";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "measurements_patient_latest_truncate" AFTER TRUNCATE ON "measurements"
  FOR EACH STATEMENT EXECUTE FUNCTION "patient_latest_on_truncate"();
--> statement-breakpoint
-- The open critical values of a patient (the recheck index serves the awaiting rechecks).
CREATE INDEX "critical_events_patient_open_idx" ON "critical_events" ("tenant_id", "patient_id") WHERE "status" = 'open';
--> statement-breakpoint
CREATE TYPE "patient_key" AS ("tenant_id" text, "patient_id" bigint);
--> statement-breakpoint
CREATE FUNCTION "patient_now_refresh"(p_keys "patient_key"[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(p_keys), 0) = 0 THEN RETURN; END IF;
  PERFORM "patient_now_lock"(ARRAY(SELECT 'patient_now:' || k."tenant_id" || ':' || k."patient_id" FROM unnest(p_keys) k));
  INSERT INTO "patient_now" AS p ("tenant_id", "patient_id", "open_critical", "awaiting_recheck", "next_recheck_due_at")
  SELECT k."tenant_id", k."patient_id", c."open_critical", c."awaiting_recheck", c."next_recheck_due_at"
    FROM (SELECT DISTINCT * FROM unnest(p_keys)) k
    CROSS JOIN LATERAL (
      SELECT (SELECT count(*)::int FROM "critical_events" ce
               WHERE ce."tenant_id" = k."tenant_id" AND ce."patient_id" = k."patient_id" AND ce."status" = 'open')
               AS "open_critical",
             count(*)::int AS "awaiting_recheck", min(ce."recheck_due_at") AS "next_recheck_due_at"
        FROM "critical_events" ce
       WHERE ce."tenant_id" = k."tenant_id" AND ce."patient_id" = k."patient_id"
         AND ce."recheck_due_at" IS NOT NULL AND ce."status" <> 'void'
         AND ce."rechecked_at" IS NULL AND ce."recheck_skipped_reason" IS NULL) c
   WHERE c."open_critical" > 0 OR c."awaiting_recheck" > 0
   ORDER BY 1, 2
  ON CONFLICT ("tenant_id", "patient_id") DO UPDATE SET
    "open_critical" = EXCLUDED."open_critical", "awaiting_recheck" = EXCLUDED."awaiting_recheck",
    "next_recheck_due_at" = EXCLUDED."next_recheck_due_at"
  WHERE (p."open_critical", p."awaiting_recheck", p."next_recheck_due_at") IS DISTINCT FROM
        (EXCLUDED."open_critical", EXCLUDED."awaiting_recheck", EXCLUDED."next_recheck_due_at");
  DELETE FROM "patient_now" p
   USING (SELECT DISTINCT * FROM unnest(p_keys)) k
   WHERE p."tenant_id" = k."tenant_id" AND p."patient_id" = k."patient_id"
     AND NOT EXISTS (
       SELECT 1 FROM "critical_events" ce
        WHERE ce."tenant_id" = k."tenant_id" AND ce."patient_id" = k."patient_id"
          AND (ce."status" = 'open' OR (ce."recheck_due_at" IS NOT NULL AND ce."status" <> 'void'
               AND ce."rechecked_at" IS NULL AND ce."recheck_skipped_reason" IS NULL)));
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "patient_now_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "patient_now_refresh"(ARRAY(
    SELECT DISTINCT ROW(n."tenant_id", n."patient_id")::"patient_key" FROM new_rows n
     WHERE n."status" = 'open' OR (n."recheck_due_at" IS NOT NULL AND n."status" <> 'void')));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "patient_now_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "patient_now_refresh"(ARRAY(SELECT DISTINCT ROW(o."tenant_id", o."patient_id")::"patient_key" FROM old_rows o));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "patient_now_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "patient_now_refresh"(ARRAY(
    SELECT DISTINCT ROW(x."tenant_id", x."patient_id")::"patient_key"
      FROM old_rows o JOIN new_rows n ON n."tenant_id" = o."tenant_id" AND n."id" = o."id",
           LATERAL (VALUES (o."tenant_id", o."patient_id"), (n."tenant_id", n."patient_id")) AS x("tenant_id", "patient_id")
     WHERE (n."patient_id", n."status", n."recheck_due_at", n."rechecked_at", n."recheck_skipped_reason")
           IS DISTINCT FROM
           (o."patient_id", o."status", o."recheck_due_at", o."rechecked_at", o."recheck_skipped_reason")));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "critical_events_patient_now_insert" AFTER INSERT ON "critical_events"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "patient_now_on_insert"();
--> statement-breakpoint
CREATE TRIGGER "critical_events_patient_now_update" AFTER UPDATE ON "critical_events"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "patient_now_on_update"();
--> statement-breakpoint
CREATE TRIGGER "critical_events_patient_now_delete" AFTER DELETE ON "critical_events"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "patient_now_on_delete"();
--> statement-breakpoint
CREATE FUNCTION "patient_now_on_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE "patient_now";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "critical_events_patient_now_truncate" AFTER TRUNCATE ON "critical_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "patient_now_on_truncate"();
--> statement-breakpoint
-- Every derived row of a tenant afresh (the backfill; the equivalence test compares with it). The
-- writers of readings and critical values wait while it runs (SHARE ROW EXCLUSIVE conflicts with their
-- ROW EXCLUSIVE, and with a second rebuild): recomputed under their feet, a patient written meanwhile
-- could keep a row of the old state, or two rebuilds could insert the same rows.
CREATE FUNCTION "patient_now_rebuild"(p_tenant text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE "measurements", "critical_events" IN SHARE ROW EXCLUSIVE MODE;
  DELETE FROM "patient_latest_readings" WHERE "tenant_id" = p_tenant;
  INSERT INTO "patient_latest_readings" ("tenant_id", "patient_id", "item", "measurement_id", "department_code",
    "value", "entered_value", "entered_unit", "test_time", "classification", "color", "period_code")
  SELECT DISTINCT ON (m."patient_id", m."item") m."tenant_id", m."patient_id", m."item", m."id", m."department_code",
         m."value", m."entered_value", m."entered_unit", m."test_time", m."classification", m."color", m."period_code"
    FROM "measurements" m
   WHERE m."tenant_id" = p_tenant AND m."deleted_at" IS NULL AND m."value" IS NOT NULL
   ORDER BY m."patient_id", m."item", m."test_time" DESC;
  DELETE FROM "patient_now" WHERE "tenant_id" = p_tenant;
  INSERT INTO "patient_now" ("tenant_id", "patient_id", "open_critical", "awaiting_recheck", "next_recheck_due_at")
  SELECT ce."tenant_id", ce."patient_id",
         count(*) FILTER (WHERE ce."status" = 'open'),
         count(*) FILTER (WHERE ce."recheck_due_at" IS NOT NULL AND ce."status" <> 'void'
                            AND ce."rechecked_at" IS NULL AND ce."recheck_skipped_reason" IS NULL),
         min(ce."recheck_due_at") FILTER (WHERE ce."recheck_due_at" IS NOT NULL AND ce."status" <> 'void'
                            AND ce."rechecked_at" IS NULL AND ce."recheck_skipped_reason" IS NULL)
    FROM "critical_events" ce
   WHERE ce."tenant_id" = p_tenant
   GROUP BY 1, 2
  HAVING count(*) FILTER (WHERE ce."status" = 'open') > 0
      OR count(*) FILTER (WHERE ce."recheck_due_at" IS NOT NULL AND ce."status" <> 'void'
                            AND ce."rechecked_at" IS NULL AND ce."recheck_skipped_reason" IS NULL) > 0;
END;
$$;
--> statement-breakpoint
SELECT "patient_now_rebuild"("tenant_id") FROM (SELECT "tenant_id" FROM "measurements" UNION SELECT "tenant_id" FROM "critical_events") t;
--> statement-breakpoint
ANALYZE "patient_latest_readings";
--> statement-breakpoint
ANALYZE "patient_now";
