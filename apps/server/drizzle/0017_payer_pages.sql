-- The payer's page of every pay-in (issue 30, DESIGN §20): its link's token kept only as a hash, with the merchant's
-- return_url and the page's language; and each merchant's settings of the page (shop name, support contact, return hosts,
-- origins that may frame it).
CREATE TABLE "payer_page_settings" (
	"merchant_id" uuid PRIMARY KEY NOT NULL,
	"display_name" text,
	"support_contact" text,
	"return_hosts" text[] DEFAULT '{}'::text[] NOT NULL,
	"frame_origins" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payer_pages" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"return_url" text,
	"language" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payer_pages_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "payer_pages_language_check" CHECK ("payer_pages"."language" is null or "payer_pages"."language" in ('en', 'ru'))
);
--> statement-breakpoint
ALTER TABLE "payer_page_settings" ADD CONSTRAINT "payer_page_settings_merchant_id_users_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payer_pages" ADD CONSTRAINT "payer_pages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;