CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 10 NOT NULL,
	"repeat_seconds" integer,
	"singleton_key" text,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_status_check" CHECK ("jobs"."status" in ('queued', 'running', 'dead')),
	CONSTRAINT "jobs_attempts_check" CHECK ("jobs"."max_attempts" >= 1 and "jobs"."attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_root" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "jobs_lease_idx" ON "jobs" USING btree ("locked_until") WHERE "jobs"."status" = 'running';--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_singleton_key" ON "jobs" USING btree ("singleton_key") WHERE "jobs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "jobs_dead_idx" ON "jobs" USING btree ("kind","updated_at") WHERE "jobs"."status" = 'dead';--> statement-breakpoint
CREATE UNIQUE INDEX "users_root_key" ON "users" USING btree ("is_root") WHERE "users"."is_root";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_root_admin_check" CHECK (not "users"."is_root" or "users"."type" = 'admin');--> statement-breakpoint
-- The root admin becomes a property of the account: the admin named root, or else the platform's first admin.
UPDATE "users" SET "is_root" = true WHERE "id" = (
	SELECT "id" FROM "users" WHERE "type" = 'admin' ORDER BY (lower("username") = 'root') DESC, "created_at", "id" LIMIT 1
);
--> statement-breakpoint
-- The deposit watcher runs as a recurring job now; the lease it kept in the settings is gone.
DELETE FROM "platform_settings" WHERE "key" = 'deposit_watcher_lease';
