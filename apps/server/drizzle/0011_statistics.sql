CREATE TABLE "agent_stats_daily" (
	"day" date NOT NULL,
	"agent_id" uuid NOT NULL,
	"role" text NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"flow_id" uuid NOT NULL,
	"fiat" text NOT NULL,
	"crypto" text NOT NULL,
	"orders" bigint NOT NULL,
	"fiat_minor" numeric(38, 0) DEFAULT 0 NOT NULL,
	"crypto_minor" numeric(38, 0) DEFAULT 0 NOT NULL,
	"reward_minor" numeric(38, 0) DEFAULT 0 NOT NULL,
	CONSTRAINT "agent_stats_daily_pk" PRIMARY KEY("agent_id","day","role","type","status","flow_id","fiat","crypto")
);
--> statement-breakpoint
CREATE TABLE "direction_stats" (
	"fiat" text NOT NULL,
	"crypto" text NOT NULL,
	"payment_option" text NOT NULL,
	"open_orders" integer NOT NULL,
	"created_24h" integer NOT NULL,
	"paid_24h" integer NOT NULL,
	"median_pay_seconds" integer,
	CONSTRAINT "direction_stats_pk" PRIMARY KEY("fiat","crypto","payment_option")
);
--> statement-breakpoint
CREATE TABLE "order_stats_daily" (
	"day" date NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"merchant_id" uuid NOT NULL,
	"executor_id" uuid NOT NULL,
	"executor_type" text NOT NULL,
	"flow_id" uuid NOT NULL,
	"fiat" text NOT NULL,
	"crypto" text NOT NULL,
	"orders" bigint NOT NULL,
	"fiat_minor" numeric(38, 0) DEFAULT 0 NOT NULL,
	"crypto_minor" numeric(38, 0) DEFAULT 0 NOT NULL,
	"executor_reward_minor" numeric(38, 0) DEFAULT 0 NOT NULL,
	"referral_minor" numeric(38, 0) DEFAULT 0 NOT NULL,
	"teamlead_minor" numeric(38, 0) DEFAULT 0 NOT NULL,
	"platform_minor" numeric(38, 0) DEFAULT 0 NOT NULL,
	CONSTRAINT "order_stats_daily_pk" PRIMARY KEY("day","type","status","merchant_id","executor_id","executor_type","flow_id","fiat","crypto")
);
--> statement-breakpoint
CREATE TABLE "summary_refreshes" (
	"name" text PRIMARY KEY NOT NULL,
	"watermark" timestamp with time zone,
	"refreshed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "order_stats_daily_merchant_idx" ON "order_stats_daily" USING btree ("merchant_id","day");--> statement-breakpoint
CREATE INDEX "order_stats_daily_executor_idx" ON "order_stats_daily" USING btree ("executor_id","day");--> statement-breakpoint
CREATE INDEX "orders_updated_idx" ON "orders" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "orders_open_direction_idx" ON "orders" USING btree ("fiat","crypto","payment_option") WHERE "orders"."status" in ('new', 'in-progress');