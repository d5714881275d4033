CREATE TABLE "dispute_files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"dispute_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dispute_files_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "dispute_files_type_check" CHECK ("dispute_files"."content_type" in ('image/png', 'image/jpeg', 'application/pdf')),
	CONSTRAINT "dispute_files_size_check" CHECK ("dispute_files"."size_bytes" > 0 and "dispute_files"."size_bytes" <= 5242880)
);
--> statement-breakpoint
CREATE TABLE "disputes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"fields" jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"order_status_before" text NOT NULL,
	"resolved_fiat_amount_minor" bigint,
	"opened_by" uuid NOT NULL,
	"closed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "disputes_status_check" CHECK ("disputes"."status" in ('open', 'rejected', 'resolved')),
	CONSTRAINT "disputes_closed_check" CHECK (("disputes"."status" = 'open') = ("disputes"."closed_at" is null) and ("disputes"."status" = 'open') = ("disputes"."closed_by" is null)),
	CONSTRAINT "disputes_resolved_amount_check" CHECK ("disputes"."resolved_fiat_amount_minor" is null or ("disputes"."status" = 'resolved' and "disputes"."resolved_fiat_amount_minor" > 0))
);
--> statement-breakpoint
ALTER TABLE "dispute_files" ADD CONSTRAINT "dispute_files_dispute_id_disputes_id_fk" FOREIGN KEY ("dispute_id") REFERENCES "public"."disputes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dispute_files_dispute_idx" ON "dispute_files" USING btree ("dispute_id");--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_one_open_per_order_idx" ON "disputes" USING btree ("order_id") WHERE "disputes"."status" = 'open';--> statement-breakpoint
CREATE INDEX "disputes_order_idx" ON "disputes" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "disputes_created_idx" ON "disputes" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "disputes_status_created_idx" ON "disputes" USING btree ("status","created_at","id");