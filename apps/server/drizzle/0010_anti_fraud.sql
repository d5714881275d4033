CREATE TABLE "anti_fraud_cases" (
	"id" uuid PRIMARY KEY NOT NULL,
	"rule" text NOT NULL,
	"target_kind" text NOT NULL,
	"target_key" text NOT NULL,
	"target_user_id" uuid,
	"target_requisite_id" uuid,
	"target_client_id" text,
	"evidence" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	"approved_by" uuid,
	CONSTRAINT "anti_fraud_cases_kind_check" CHECK ("anti_fraud_cases"."target_kind" in ('trader', 'requisite', 'client')),
	CONSTRAINT "anti_fraud_cases_approved_check" CHECK (("anti_fraud_cases"."approved_at" is null) = ("anti_fraud_cases"."approved_by" is null))
);
--> statement-breakpoint
CREATE TABLE "anti_fraud_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "anti_fraud_cases" ADD CONSTRAINT "anti_fraud_cases_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anti_fraud_cases" ADD CONSTRAINT "anti_fraud_cases_target_requisite_id_requisites_id_fk" FOREIGN KEY ("target_requisite_id") REFERENCES "public"."requisites"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anti_fraud_cases" ADD CONSTRAINT "anti_fraud_cases_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anti_fraud_settings" ADD CONSTRAINT "anti_fraud_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "anti_fraud_cases_one_new_idx" ON "anti_fraud_cases" USING btree ("rule","target_key") WHERE "anti_fraud_cases"."approved_at" is null;--> statement-breakpoint
CREATE INDEX "anti_fraud_cases_target_idx" ON "anti_fraud_cases" USING btree ("rule","target_key","approved_at");--> statement-breakpoint
CREATE INDEX "anti_fraud_cases_new_user_idx" ON "anti_fraud_cases" USING btree ("target_user_id") WHERE "anti_fraud_cases"."approved_at" is null;--> statement-breakpoint
CREATE INDEX "anti_fraud_cases_new_requisite_idx" ON "anti_fraud_cases" USING btree ("target_requisite_id") WHERE "anti_fraud_cases"."approved_at" is null;--> statement-breakpoint
CREATE INDEX "anti_fraud_cases_created_idx" ON "anti_fraud_cases" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_client_created_idx" ON "orders" USING btree ("merchant_id","client_id","created_at") WHERE "orders"."client_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_payout_taken_idx" ON "orders" USING btree ("taken_at") WHERE "orders"."type" = 'pay_out' and "orders"."status" = 'in-progress';--> statement-breakpoint
-- Every rule has its setting from the start, off (DESIGN §13: an empty value switches a rule off).
INSERT INTO "anti_fraud_settings" ("key") VALUES
  ('trader_cancel_streak'), ('trader_dispute_share_percent'), ('payout_overdue_minutes'),
  ('client_orders_per_hour'), ('requisite_payers_per_day');
