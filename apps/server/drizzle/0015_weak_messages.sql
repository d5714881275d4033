ALTER TABLE "bank_messages" DROP CONSTRAINT "bank_messages_outcome_check";--> statement-breakpoint
ALTER TABLE "bank_messages" ADD COLUMN "received" text;--> statement-breakpoint
ALTER TABLE "terminals" ADD COLUMN "auto_settle_weak" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "bank_messages_to_confirm_idx" ON "bank_messages" USING btree ("terminal_id") WHERE "bank_messages"."outcome" = 'to_confirm';--> statement-breakpoint
CREATE INDEX "bank_messages_waiting_idx" ON "bank_messages" USING btree ("terminal_id","received_at") WHERE "bank_messages"."outcome" = 'waiting';--> statement-breakpoint
ALTER TABLE "bank_messages" ADD CONSTRAINT "bank_messages_outcome_check" CHECK ("bank_messages"."outcome" in ('matched', 'to_confirm', 'unmatched', 'ambiguous', 'ignored', 'blocked', 'waiting'));