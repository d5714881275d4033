CREATE TABLE "agent_links" (
	"user_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"pay_in_hundredths" integer NOT NULL,
	"pay_out_hundredths" integer NOT NULL,
	"is_main" boolean DEFAULT false NOT NULL,
	CONSTRAINT "agent_links_user_id_agent_id_pk" PRIMARY KEY("user_id","agent_id"),
	CONSTRAINT "agent_links_percentages_check" CHECK ("agent_links"."pay_in_hundredths" between 0 and 10000 and "agent_links"."pay_out_hundredths" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"target_user_id" uuid,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_fees" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"min_amount_minor" bigint NOT NULL,
	"max_amount_minor" bigint,
	"percentage_hundredths" integer NOT NULL,
	CONSTRAINT "user_fees_direction_check" CHECK ("user_fees"."direction" in ('pay_in', 'pay_out')),
	CONSTRAINT "user_fees_percentage_check" CHECK ("user_fees"."percentage_hundredths" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "user_webhooks" (
	"user_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"is_disabled" boolean NOT NULL,
	CONSTRAINT "user_webhooks_user_id_slug_pk" PRIMARY KEY("user_id","slug")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "invite_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "permissions" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "api_secret" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notification_key" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "two_factor_secret" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "two_factor_pending_secret" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "two_factor_last_step" bigint;--> statement-breakpoint
ALTER TABLE "agent_links" ADD CONSTRAINT "agent_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_links" ADD CONSTRAINT "agent_links_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_fees" ADD CONSTRAINT "user_fees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_webhooks" ADD CONSTRAINT "user_webhooks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_links_agent_idx" ON "agent_links" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "audit_events_target_idx" ON "audit_events" USING btree ("target_user_id","created_at");--> statement-breakpoint
CREATE INDEX "user_fees_user_idx" ON "user_fees" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_invite_code_key" ON "users" USING btree ("invite_code");--> statement-breakpoint
CREATE UNIQUE INDEX "users_api_key_key" ON "users" USING btree ("api_key");