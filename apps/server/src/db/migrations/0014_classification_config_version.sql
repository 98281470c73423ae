-- The critical-value rules, grades and age brackets are configuration the reading write path now reads
-- through the per-process configuration cache (issue 15 bench): a change of them bumps the tenant's
-- configuration version, as a change of settings, glucose periods and dictionary entries does (0006).
CREATE TRIGGER "crisis_rules_config_version" AFTER INSERT OR UPDATE OR DELETE ON "crisis_rules"
  FOR EACH ROW EXECUTE FUNCTION "bump_config_version"();
--> statement-breakpoint
CREATE TRIGGER "crisis_grades_config_version" AFTER INSERT OR UPDATE OR DELETE ON "crisis_grades"
  FOR EACH ROW EXECUTE FUNCTION "bump_config_version"();
--> statement-breakpoint
CREATE TRIGGER "age_brackets_config_version" AFTER INSERT OR UPDATE OR DELETE ON "age_brackets"
  FOR EACH ROW EXECUTE FUNCTION "bump_config_version"();
--> statement-breakpoint
CREATE TRIGGER "crisis_rules_config_truncate" AFTER TRUNCATE ON "crisis_rules"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_all_config_versions"();
--> statement-breakpoint
CREATE TRIGGER "crisis_grades_config_truncate" AFTER TRUNCATE ON "crisis_grades"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_all_config_versions"();
--> statement-breakpoint
CREATE TRIGGER "age_brackets_config_truncate" AFTER TRUNCATE ON "age_brackets"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_all_config_versions"();
