CREATE TABLE "glucose_day_counts" (
	"tenant_id" text NOT NULL,
	"day" date NOT NULL,
	"department_code" text NOT NULL,
	"patient_id" bigint NOT NULL,
	"test_count" integer DEFAULT 0 NOT NULL,
	"normal_count" integer DEFAULT 0 NOT NULL,
	"low_count" integer DEFAULT 0 NOT NULL,
	"critical_low_count" integer DEFAULT 0 NOT NULL,
	"high_count" integer DEFAULT 0 NOT NULL,
	"critical_high_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "glucose_day_counts_tenant_id_day_department_code_patient_id_pk" PRIMARY KEY("tenant_id","day","department_code","patient_id")
);
--> statement-breakpoint
-- The hospital's time zone as the app reads it (setting `hospital.timeZone`; the fallback is the
-- setting's own, modules/settings/system-keys.ts).
CREATE FUNCTION "hospital_time_zone"(p_tenant text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    (SELECT "value" #>> '{}' FROM "settings" WHERE "tenant_id" = p_tenant AND "key" = 'hospital.timeZone'),
    'Asia/Shanghai')
$$;
--> statement-breakpoint
-- One counted reading entering (+1) or leaving (-1) the counts.
CREATE TYPE "glucose_count_delta" AS (
  "tenant_id" text,
  "test_time" timestamptz,
  "department_code" text,
  "patient_id" bigint,
  "classification" text,
  "sign" integer
);
--> statement-breakpoint
CREATE FUNCTION "glucose_day_counts_add"(deltas "glucose_count_delta"[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "glucose_day_counts" AS c ("tenant_id", "day", "department_code", "patient_id", "test_count",
    "normal_count", "low_count", "critical_low_count", "high_count", "critical_high_count")
  SELECT d."tenant_id", (d."test_time" AT TIME ZONE "hospital_time_zone"(d."tenant_id"))::date,
         d."department_code", d."patient_id", sum(d."sign"),
         coalesce(sum(d."sign") FILTER (WHERE d."classification" = 'normal'), 0),
         coalesce(sum(d."sign") FILTER (WHERE d."classification" = 'low'), 0),
         coalesce(sum(d."sign") FILTER (WHERE d."classification" = 'criticalLow'), 0),
         coalesce(sum(d."sign") FILTER (WHERE d."classification" = 'high'), 0),
         coalesce(sum(d."sign") FILTER (WHERE d."classification" = 'criticalHigh'), 0)
    FROM unnest(deltas) d
   GROUP BY 1, 2, 3, 4
   ORDER BY 1, 2, 3, 4
  ON CONFLICT ("tenant_id", "day", "department_code", "patient_id") DO UPDATE SET
    "test_count" = c."test_count" + EXCLUDED."test_count",
    "normal_count" = c."normal_count" + EXCLUDED."normal_count",
    "low_count" = c."low_count" + EXCLUDED."low_count",
    "critical_low_count" = c."critical_low_count" + EXCLUDED."critical_low_count",
    "high_count" = c."high_count" + EXCLUDED."high_count",
    "critical_high_count" = c."critical_high_count" + EXCLUDED."critical_high_count"
$$;
--> statement-breakpoint
CREATE FUNCTION "glucose_day_counts_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "glucose_day_counts_add"(ARRAY(
    SELECT ROW(n."tenant_id", n."test_time", n."department_code", n."patient_id", n."classification", 1)::"glucose_count_delta"
      FROM new_rows n
     WHERE n."item" = 'GLU' AND n."value" IS NOT NULL AND n."deleted_at" IS NULL));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "glucose_day_counts_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "glucose_day_counts_add"(ARRAY(
    SELECT ROW(o."tenant_id", o."test_time", o."department_code", o."patient_id", o."classification", -1)::"glucose_count_delta"
      FROM old_rows o
     WHERE o."item" = 'GLU' AND o."value" IS NOT NULL AND o."deleted_at" IS NULL));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Only rows whose counted state changed move: approving readings or editing a note costs nothing here.
CREATE FUNCTION "glucose_day_counts_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "glucose_day_counts_add"(ARRAY(
    SELECT ROW(o."tenant_id", o."test_time", o."department_code", o."patient_id", o."classification", -1)::"glucose_count_delta"
      FROM old_rows o JOIN new_rows n ON n."tenant_id" = o."tenant_id" AND n."id" = o."id"
     WHERE o."item" = 'GLU' AND o."value" IS NOT NULL AND o."deleted_at" IS NULL
       AND (n."item", n."value" IS NULL, n."deleted_at" IS NULL, n."test_time", n."department_code", n."patient_id", n."classification")
           IS DISTINCT FROM
           (o."item", o."value" IS NULL, o."deleted_at" IS NULL, o."test_time", o."department_code", o."patient_id", o."classification")
    UNION ALL
    SELECT ROW(n."tenant_id", n."test_time", n."department_code", n."patient_id", n."classification", 1)::"glucose_count_delta"
      FROM old_rows o JOIN new_rows n ON n."tenant_id" = o."tenant_id" AND n."id" = o."id"
     WHERE n."item" = 'GLU' AND n."value" IS NOT NULL AND n."deleted_at" IS NULL
       AND (n."item", n."value" IS NULL, n."deleted_at" IS NULL, n."test_time", n."department_code", n."patient_id", n."classification")
           IS DISTINCT FROM
           (o."item", o."value" IS NULL, o."deleted_at" IS NULL, o."test_time", o."department_code", o."patient_id", o."classification")));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "measurements_glucose_counts_insert" AFTER INSERT ON "measurements"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "glucose_day_counts_on_insert"();
--> statement-breakpoint
CREATE TRIGGER "measurements_glucose_counts_update" AFTER UPDATE ON "measurements"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "glucose_day_counts_on_update"();
--> statement-breakpoint
CREATE TRIGGER "measurements_glucose_counts_delete" AFTER DELETE ON "measurements"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "glucose_day_counts_on_delete"();
--> statement-breakpoint
-- Every count of a tenant afresh from its readings (the backfill, and a change of the time zone).
CREATE FUNCTION "glucose_day_counts_rebuild"(p_tenant text) RETURNS void LANGUAGE sql AS $$
  DELETE FROM "glucose_day_counts" WHERE "tenant_id" = p_tenant;
  INSERT INTO "glucose_day_counts" ("tenant_id", "day", "department_code", "patient_id", "test_count",
    "normal_count", "low_count", "critical_low_count", "high_count", "critical_high_count")
  SELECT m."tenant_id", (m."test_time" AT TIME ZONE zone."name")::date, m."department_code", m."patient_id",
         count(*),
         count(*) FILTER (WHERE m."classification" = 'normal'),
         count(*) FILTER (WHERE m."classification" = 'low'),
         count(*) FILTER (WHERE m."classification" = 'criticalLow'),
         count(*) FILTER (WHERE m."classification" = 'high'),
         count(*) FILTER (WHERE m."classification" = 'criticalHigh')
    FROM "measurements" m, (SELECT "hospital_time_zone"(p_tenant) AS "name") zone
   WHERE m."tenant_id" = p_tenant AND m."item" = 'GLU' AND m."value" IS NOT NULL AND m."deleted_at" IS NULL
   GROUP BY 1, 2, 3, 4;
$$;
--> statement-breakpoint
CREATE FUNCTION "glucose_day_counts_on_time_zone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD."key" = 'hospital.timeZone' THEN PERFORM "glucose_day_counts_rebuild"(OLD."tenant_id"); END IF;
  ELSIF NEW."key" = 'hospital.timeZone'
        AND (TG_OP = 'INSERT' OR OLD."value" IS DISTINCT FROM NEW."value" OR OLD."tenant_id" IS DISTINCT FROM NEW."tenant_id") THEN
    PERFORM "glucose_day_counts_rebuild"(NEW."tenant_id");
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "settings_glucose_counts_time_zone" AFTER INSERT OR UPDATE OR DELETE ON "settings"
  FOR EACH ROW EXECUTE FUNCTION "glucose_day_counts_on_time_zone"();
--> statement-breakpoint
CREATE FUNCTION "glucose_day_counts_on_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE "glucose_day_counts";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "measurements_glucose_counts_truncate" AFTER TRUNCATE ON "measurements"
  FOR EACH STATEMENT EXECUTE FUNCTION "glucose_day_counts_on_truncate"();
--> statement-breakpoint
-- The statistics read a range of days and every count: an index-only scan once the pages are all-visible.
CREATE INDEX "glucose_day_counts_day_idx" ON "glucose_day_counts" ("tenant_id", "day")
  INCLUDE ("department_code", "patient_id", "test_count", "normal_count", "low_count", "critical_low_count",
           "high_count", "critical_high_count");
--> statement-breakpoint
SELECT "glucose_day_counts_rebuild"("tenant_id") FROM (SELECT DISTINCT "tenant_id" FROM "measurements") t;
--> statement-breakpoint
ANALYZE "glucose_day_counts";
