-- Issue 22: one budget of password attempts per client address across every server process (login,
-- HIS login, password change), counted in PostgreSQL instead of each process's memory. Unlogged: the
-- counters are worth neither WAL nor a replica nor a backup, and a crash may simply forget them.
CREATE UNLOGGED TABLE "password_attempt_windows" (
	"address" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"attempts" integer NOT NULL
);
