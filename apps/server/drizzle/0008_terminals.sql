CREATE TABLE "bank_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"terminal_id" uuid NOT NULL,
	"device_message_id" text NOT NULL,
	"content_hash" text NOT NULL,
	"package" text,
	"title" text,
	"body" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"bank" text,
	"operation" text,
	"amount_minor" bigint,
	"currency" text,
	"tail" text,
	"counterparty" text,
	"outcome" text NOT NULL,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_messages_outcome_check" CHECK ("bank_messages"."outcome" in ('matched', 'unmatched', 'ambiguous', 'ignored', 'blocked'))
);
--> statement-breakpoint
CREATE TABLE "terminal_requisites" (
	"terminal_id" uuid NOT NULL,
	"requisite_id" uuid NOT NULL,
	CONSTRAINT "terminal_requisites_terminal_id_requisite_id_pk" PRIMARY KEY("terminal_id","requisite_id")
);
--> statement-breakpoint
CREATE TABLE "terminals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'unassigned' NOT NULL,
	"deposit_open" boolean DEFAULT true NOT NULL,
	"withdraw_open" boolean DEFAULT false NOT NULL,
	"pairing_code_hash" text,
	"pairing_expires_at" timestamp with time zone,
	"token_hash" text,
	"device" jsonb,
	"ip_address" text,
	"last_seen_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "terminals_status_check" CHECK ("terminals"."status" in ('unassigned', 'moderation', 'pending', 'enabled', 'disabled', 'disabled_by_admin', 'lost_connection'))
);
--> statement-breakpoint
ALTER TABLE "bank_messages" ADD CONSTRAINT "bank_messages_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_messages" ADD CONSTRAINT "bank_messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_requisites" ADD CONSTRAINT "terminal_requisites_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_requisites" ADD CONSTRAINT "terminal_requisites_requisite_id_requisites_id_fk" FOREIGN KEY ("requisite_id") REFERENCES "public"."requisites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminals" ADD CONSTRAINT "terminals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_messages_device_id_idx" ON "bank_messages" USING btree ("terminal_id","device_message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_messages_content_idx" ON "bank_messages" USING btree ("terminal_id","content_hash");--> statement-breakpoint
CREATE INDEX "bank_messages_terminal_received_idx" ON "bank_messages" USING btree ("terminal_id","received_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_messages_order_idx" ON "bank_messages" USING btree ("order_id") WHERE "bank_messages"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "terminal_requisites_requisite_idx" ON "terminal_requisites" USING btree ("requisite_id");--> statement-breakpoint
CREATE INDEX "terminals_user_created_idx" ON "terminals" USING btree ("user_id","created_at","id") WHERE "terminals"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "terminals_created_idx" ON "terminals" USING btree ("created_at","id") WHERE "terminals"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "terminals_token_idx" ON "terminals" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "terminals_pairing_idx" ON "terminals" USING btree ("pairing_code_hash");--> statement-breakpoint
CREATE INDEX "terminals_enabled_seen_idx" ON "terminals" USING btree ("last_seen_at") WHERE "terminals"."status" = 'enabled' and "terminals"."deleted_at" is null;