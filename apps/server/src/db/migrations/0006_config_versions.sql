CREATE TABLE "config_versions" (
	"tenant_id" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE SEQUENCE "config_version_seq";
--> statement-breakpoint
CREATE FUNCTION "bump_config_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_tenant text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    changed_tenant := OLD.tenant_id;
  ELSE
    changed_tenant := NEW.tenant_id;
  END IF;
  INSERT INTO "config_versions" ("tenant_id", "version")
  VALUES (changed_tenant, nextval('config_version_seq'))
  ON CONFLICT ("tenant_id") DO UPDATE SET "version" = EXCLUDED."version";
  IF TG_OP = 'UPDATE' AND OLD.tenant_id IS DISTINCT FROM NEW.tenant_id THEN
    INSERT INTO "config_versions" ("tenant_id", "version")
    VALUES (OLD.tenant_id, nextval('config_version_seq'))
    ON CONFLICT ("tenant_id") DO UPDATE SET "version" = EXCLUDED."version";
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "settings_config_version" AFTER INSERT OR UPDATE OR DELETE ON "settings"
  FOR EACH ROW EXECUTE FUNCTION "bump_config_version"();
--> statement-breakpoint
CREATE TRIGGER "glucose_periods_config_version" AFTER INSERT OR UPDATE OR DELETE ON "glucose_periods"
  FOR EACH ROW EXECUTE FUNCTION "bump_config_version"();
--> statement-breakpoint
CREATE TRIGGER "dict_entries_config_version" AFTER INSERT OR UPDATE OR DELETE ON "dict_entries"
  FOR EACH ROW EXECUTE FUNCTION "bump_config_version"();
--> statement-breakpoint
CREATE FUNCTION "bump_all_config_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "config_versions" SET "version" = nextval('config_version_seq');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "settings_config_truncate" AFTER TRUNCATE ON "settings"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_all_config_versions"();
--> statement-breakpoint
CREATE TRIGGER "glucose_periods_config_truncate" AFTER TRUNCATE ON "glucose_periods"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_all_config_versions"();
--> statement-breakpoint
CREATE TRIGGER "dict_entries_config_truncate" AFTER TRUNCATE ON "dict_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_all_config_versions"();
