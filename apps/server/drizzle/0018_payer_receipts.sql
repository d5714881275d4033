-- Receipts a payer attaches on its payer's page (issue 30), kept as dispute evidence is (once per content), and when the
-- payer reported paying.
CREATE TABLE "payer_receipts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payer_receipts_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "payer_receipts_type_check" CHECK ("payer_receipts"."content_type" in ('image/png', 'image/jpeg', 'application/pdf')),
	CONSTRAINT "payer_receipts_size_check" CHECK ("payer_receipts"."size_bytes" > 0 and "payer_receipts"."size_bytes" <= 5242880)
);
--> statement-breakpoint
ALTER TABLE "payer_pages" ADD COLUMN "reported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payer_receipts" ADD CONSTRAINT "payer_receipts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payer_receipts_order_idx" ON "payer_receipts" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payer_receipts_content_key" ON "payer_receipts" USING btree ("order_id","sha256");