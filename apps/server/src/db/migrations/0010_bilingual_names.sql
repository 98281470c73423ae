-- Names in both languages (issue 14). An existing name keeps its text and goes to the column of its
-- language: with a Chinese character (CJK ideograph) it is the Chinese name, else the English one; the
-- other language stays empty until the hospital enters it (screens show the one there is).
-- A patient tag keeps its text (what patients store) and gets the same two names beside it.
ALTER TABLE "drug_categories" ADD COLUMN "name_zh" text;
--> statement-breakpoint
ALTER TABLE "drug_categories" ADD COLUMN "name_en" text;
--> statement-breakpoint
ALTER TABLE "drugs" ADD COLUMN "name_zh" text;
--> statement-breakpoint
ALTER TABLE "drugs" ADD COLUMN "name_en" text;
--> statement-breakpoint
ALTER TABLE "glu_event_items" ADD COLUMN "name_zh" text;
--> statement-breakpoint
ALTER TABLE "glu_event_items" ADD COLUMN "name_en" text;
--> statement-breakpoint
ALTER TABLE "glu_events" ADD COLUMN "name_zh" text;
--> statement-breakpoint
ALTER TABLE "glu_events" ADD COLUMN "name_en" text;
--> statement-breakpoint
ALTER TABLE "inspection_items" ADD COLUMN "name_zh" text;
--> statement-breakpoint
ALTER TABLE "inspection_items" ADD COLUMN "name_en" text;
--> statement-breakpoint
ALTER TABLE "inspection_packages" ADD COLUMN "name_zh" text;
--> statement-breakpoint
ALTER TABLE "inspection_packages" ADD COLUMN "name_en" text;
--> statement-breakpoint
ALTER TABLE "tag_options" ADD COLUMN "tag_zh" text;
--> statement-breakpoint
ALTER TABLE "tag_options" ADD COLUMN "tag_en" text;
--> statement-breakpoint
UPDATE "drug_categories" SET
  "name_zh" = CASE WHEN "name" ~ '[\u3400-\u9fff]' THEN "name" END,
  "name_en" = CASE WHEN "name" ~ '[\u3400-\u9fff]' THEN NULL ELSE "name" END;
--> statement-breakpoint
UPDATE "drugs" SET
  "name_zh" = CASE WHEN "name" ~ '[\u3400-\u9fff]' THEN "name" END,
  "name_en" = CASE WHEN "name" ~ '[\u3400-\u9fff]' THEN NULL ELSE "name" END;
--> statement-breakpoint
UPDATE "glu_event_items" SET
  "name_zh" = CASE WHEN "name" ~ '[\u3400-\u9fff]' THEN "name" END,
  "name_en" = CASE WHEN "name" ~ '[\u3400-\u9fff]' THEN NULL ELSE "name" END;
--> statement-breakpoint
UPDATE "glu_events" SET
  "name_zh" = CASE WHEN "name" ~ '[\u3400-\u9fff]' THEN "name" END,
  "name_en" = CASE WHEN "name" ~ '[\u3400-\u9fff]' THEN NULL ELSE "name" END;
--> statement-breakpoint
UPDATE "inspection_items" SET
  "name_zh" = CASE WHEN "name" ~ '[\u3400-\u9fff]' THEN "name" END,
  "name_en" = CASE WHEN "name" ~ '[\u3400-\u9fff]' THEN NULL ELSE "name" END;
--> statement-breakpoint
UPDATE "inspection_packages" SET
  "name_zh" = CASE WHEN "name" ~ '[\u3400-\u9fff]' THEN "name" END,
  "name_en" = CASE WHEN "name" ~ '[\u3400-\u9fff]' THEN NULL ELSE "name" END;
--> statement-breakpoint
UPDATE "tag_options" SET
  "tag_zh" = CASE WHEN "tag" ~ '[\u3400-\u9fff]' THEN "tag" END,
  "tag_en" = CASE WHEN "tag" ~ '[\u3400-\u9fff]' THEN NULL ELSE "tag" END;
--> statement-breakpoint
ALTER TABLE "drug_categories" ADD CONSTRAINT "drug_categories_name_check" CHECK ("drug_categories"."name_zh" is not null or "drug_categories"."name_en" is not null);
--> statement-breakpoint
ALTER TABLE "drugs" ADD CONSTRAINT "drugs_name_check" CHECK ("drugs"."name_zh" is not null or "drugs"."name_en" is not null);
--> statement-breakpoint
ALTER TABLE "glu_event_items" ADD CONSTRAINT "glu_event_items_name_check" CHECK ("glu_event_items"."name_zh" is not null or "glu_event_items"."name_en" is not null);
--> statement-breakpoint
ALTER TABLE "glu_events" ADD CONSTRAINT "glu_events_name_check" CHECK ("glu_events"."name_zh" is not null or "glu_events"."name_en" is not null);
--> statement-breakpoint
ALTER TABLE "inspection_items" ADD CONSTRAINT "inspection_items_name_check" CHECK ("inspection_items"."name_zh" is not null or "inspection_items"."name_en" is not null);
--> statement-breakpoint
ALTER TABLE "inspection_packages" ADD CONSTRAINT "inspection_packages_name_check" CHECK ("inspection_packages"."name_zh" is not null or "inspection_packages"."name_en" is not null);
--> statement-breakpoint
ALTER TABLE "drug_categories" DROP COLUMN "name";
--> statement-breakpoint
ALTER TABLE "drugs" DROP COLUMN "name";
--> statement-breakpoint
ALTER TABLE "glu_event_items" DROP COLUMN "name";
--> statement-breakpoint
ALTER TABLE "glu_events" DROP COLUMN "name";
--> statement-breakpoint
ALTER TABLE "inspection_items" DROP COLUMN "name";
--> statement-breakpoint
ALTER TABLE "inspection_packages" DROP COLUMN "name";