CREATE TABLE "terminal_forwarding" (
	"terminal_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"token_sealed" text NOT NULL,
	"signing_key_sealed" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "bank_messages" ADD COLUMN "app" text;--> statement-breakpoint
ALTER TABLE "bank_messages" ADD COLUMN "weakly_authenticated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "terminal_forwarding" ADD CONSTRAINT "terminal_forwarding_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_forwarding" ADD CONSTRAINT "terminal_forwarding_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "terminal_forwarding_token_idx" ON "terminal_forwarding" USING btree ("token_hash");--> statement-breakpoint
ALTER TABLE "bank_messages" ADD CONSTRAINT "bank_messages_app_check" CHECK ("bank_messages"."app" in ('smsgate', 'smsforwarder', 'sms-gateway-webhook'));