CREATE TABLE "user_departments" (
	"tenant_id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"department_code" text NOT NULL,
	CONSTRAINT "user_departments_tenant_id_user_id_department_code_pk" PRIMARY KEY("tenant_id","user_id","department_code")
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "data_permission" SET DEFAULT 'readWrite';--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "permission_scope" SET DEFAULT 'departments';--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_departments" ADD CONSTRAINT "user_departments_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_departments_department_idx" ON "user_departments" USING btree ("tenant_id","department_code");--> statement-breakpoint
-- Data written by 0000: "all" meant every department; everything else was department-scoped.
UPDATE "users" SET "permission_scope" = CASE WHEN "data_permission" = 'all' THEN 'all' ELSE 'departments' END, "data_permission" = 'readWrite';
