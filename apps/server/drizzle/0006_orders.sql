CREATE TABLE "api_idempotency" (
	"owner_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"state" text NOT NULL,
	"status_code" integer,
	"body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_idempotency_owner_id_key_pk" PRIMARY KEY("owner_id","key")
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"merchant_id" uuid NOT NULL,
	"flow_id" uuid NOT NULL,
	"executor_id" uuid,
	"executor_type" text,
	"requisite_id" uuid,
	"fiat" text NOT NULL,
	"fiat_amount_minor" bigint NOT NULL,
	"crypto" text NOT NULL,
	"crypto_amount_minor" bigint NOT NULL,
	"rate" numeric(30, 8) NOT NULL,
	"merchant_fee_hundredths" integer NOT NULL,
	"executor_fee_hundredths" integer,
	"agent_shares" jsonb NOT NULL,
	"hold_minor" bigint NOT NULL,
	"payment_option" text,
	"payment_type" text,
	"details" jsonb NOT NULL,
	"client_order_id" text NOT NULL,
	"client_id" text,
	"paid_by" text,
	"status_before_dispute" text,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"taken_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	CONSTRAINT "orders_type_check" CHECK ("orders"."type" in ('pay_in', 'pay_out')),
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('new', 'in-progress', 'paid', 'canceled', 'dispute')),
	CONSTRAINT "orders_amounts_check" CHECK ("orders"."fiat_amount_minor" > 0 and "orders"."crypto_amount_minor" > 0 and "orders"."hold_minor" > 0),
	CONSTRAINT "orders_rate_check" CHECK ("orders"."rate" > 0)
);
--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"delivery_id" uuid NOT NULL,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status_code" integer,
	"duration_ms" integer NOT NULL,
	"error" text,
	"response_excerpt" text
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "webhook_deliveries_status_check" CHECK ("webhook_deliveries"."status" in ('pending', 'delivered', 'failed', 'skipped'))
);
--> statement-breakpoint
DROP INDEX "flows_merchant_pair_key";--> statement-breakpoint
ALTER TABLE "flows" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_merchant_id_users_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_executor_id_users_id_fk" FOREIGN KEY ("executor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_requisite_id_requisites_id_fk" FOREIGN KEY ("requisite_id") REFERENCES "public"."requisites"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_merchant_id_users_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_idempotency_created_idx" ON "api_idempotency" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_client_order_key" ON "orders" USING btree ("merchant_id","client_order_id");--> statement-breakpoint
CREATE INDEX "orders_merchant_created_idx" ON "orders" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_executor_created_idx" ON "orders" USING btree ("executor_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_type_created_idx" ON "orders" USING btree ("type","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_requisite_open_idx" ON "orders" USING btree ("requisite_id","fiat_amount_minor") WHERE "orders"."status" in ('new', 'in-progress');--> statement-breakpoint
CREATE INDEX "orders_requisite_created_idx" ON "orders" USING btree ("requisite_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_flow_executor_created_idx" ON "orders" USING btree ("flow_id","executor_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_payout_open_idx" ON "orders" USING btree ("flow_id","created_at") WHERE "orders"."type" = 'pay_out' and "orders"."status" = 'new';--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery_idx" ON "webhook_attempts" USING btree ("delivery_id","attempted_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_order_idx" ON "webhook_deliveries" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "flows_merchant_pair_key" ON "flows" USING btree ("merchant_id","fiat","crypto") WHERE "flows"."deleted_at" is null;