CREATE SEQUENCE "public"."ledger_transfer_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."deposit_address_index_seq" INCREMENT BY 1 MINVALUE 0 MAXVALUE 9223372036854775807 START WITH 0 CACHE 1;--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid,
	"kind" text NOT NULL,
	"currency" text NOT NULL,
	"balance_minor" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_kind_check" CHECK (("ledger_accounts"."owner_id" is null and "ledger_accounts"."kind" in ('custody', 'revenue', 'rounding')) or ("ledger_accounts"."owner_id" is not null and "ledger_accounts"."kind" in ('available', 'hold', 'insurance'))),
	CONSTRAINT "ledger_accounts_user_not_negative" CHECK ("ledger_accounts"."owner_id" is null or "ledger_accounts"."balance_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"transfer_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"owner_id" uuid,
	"account_kind" text NOT NULL,
	"seq" bigint NOT NULL,
	"code" text NOT NULL,
	"reference_id" uuid,
	"amount_minor" bigint NOT NULL,
	"balance_before_minor" bigint NOT NULL,
	"balance_after_minor" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_entries_transfer_id_account_id_pk" PRIMARY KEY("transfer_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "ledger_transfers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint DEFAULT 0 NOT NULL,
	"code" text NOT NULL,
	"reference_id" uuid,
	"debit_account_id" uuid NOT NULL,
	"credit_account_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transfers_amount_check" CHECK ("ledger_transfers"."amount_minor" > 0),
	CONSTRAINT "ledger_transfers_accounts_check" CHECK ("ledger_transfers"."debit_account_id" <> "ledger_transfers"."credit_account_id")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"address" text,
	"tx_hash" text,
	"source" text,
	"trader_id" uuid,
	"order_id" uuid,
	"comment" text,
	"created_by" uuid,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_type_check" CHECK ("payments"."type" in ('deposit', 'withdraw')),
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('moderation', 'pending', 'done', 'rejected')),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "deposit_addresses" (
	"address" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"key_fingerprint" text NOT NULL,
	"derivation_index" integer NOT NULL,
	"scanned_until_ms" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_debit_account_id_ledger_accounts_id_fk" FOREIGN KEY ("debit_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_credit_account_id_ledger_accounts_id_fk" FOREIGN KEY ("credit_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_trader_id_users_id_fk" FOREIGN KEY ("trader_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_addresses" ADD CONSTRAINT "deposit_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_owner_key" ON "ledger_accounts" USING btree ("owner_id","kind","currency") WHERE "ledger_accounts"."owner_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_platform_key" ON "ledger_accounts" USING btree ("kind","currency") WHERE "ledger_accounts"."owner_id" is null;--> statement-breakpoint
CREATE INDEX "ledger_entries_account_seq_idx" ON "ledger_entries" USING btree ("account_id","seq");--> statement-breakpoint
CREATE INDEX "ledger_entries_owner_seq_idx" ON "ledger_entries" USING btree ("owner_id","seq");--> statement-breakpoint
CREATE INDEX "ledger_entries_reference_idx" ON "ledger_entries" USING btree ("reference_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_seq_key" ON "ledger_transfers" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "ledger_transfers_reference_idx" ON "ledger_transfers" USING btree ("reference_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_deposit_tx_key" ON "payments" USING btree ("tx_hash","address") WHERE "payments"."type" = 'deposit';--> statement-breakpoint
CREATE UNIQUE INDEX "payments_withdraw_tx_key" ON "payments" USING btree ("tx_hash") WHERE "payments"."type" = 'withdraw' and "payments"."tx_hash" is not null;--> statement-breakpoint
CREATE INDEX "payments_deposit_address_idx" ON "payments" USING btree ("address") WHERE "payments"."type" = 'deposit';--> statement-breakpoint
CREATE INDEX "payments_type_created_idx" ON "payments" USING btree ("type","created_at","id");--> statement-breakpoint
CREATE INDEX "payments_user_created_idx" ON "payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_waiting_idx" ON "payments" USING btree ("status","created_at") WHERE "payments"."status" in ('moderation', 'pending');--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_addresses_key_index_key" ON "deposit_addresses" USING btree ("key_fingerprint","derivation_index");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_addresses_user_key" ON "deposit_addresses" USING btree ("user_id","key_fingerprint");--> statement-breakpoint
CREATE INDEX "deposit_addresses_created_idx" ON "deposit_addresses" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sessions_ws_token_idx" ON "sessions" USING btree ("ws_token");