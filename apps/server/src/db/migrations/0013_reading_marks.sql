ALTER TABLE "measurements" ADD COLUMN "window_mark" text;--> statement-breakpoint
ALTER TABLE "measurements" ADD COLUMN "window_reason" text;--> statement-breakpoint
ALTER TABLE "measurements" ADD COLUMN "late_entry" boolean DEFAULT false NOT NULL;