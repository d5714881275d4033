-- Invite codes are shown once, when made (issue 31 F9): only their SHA-256 (hex, as lib/ids.ts sha256 writes it) and
-- their first four characters are kept. Codes stored in plain text before are hashed here, so their links keep working.
ALTER TABLE "users" ADD COLUMN "invite_code_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "invite_code_hint" text;--> statement-breakpoint
UPDATE "users" SET "invite_code_hash" = encode(sha256(convert_to("invite_code", 'UTF8')), 'hex'),
  "invite_code_hint" = left("invite_code", 4)
  WHERE "invite_code" IS NOT NULL;--> statement-breakpoint
DROP INDEX "users_invite_code_key";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "invite_code";--> statement-breakpoint
CREATE UNIQUE INDEX "users_invite_code_hash_key" ON "users" USING btree ("invite_code_hash");--> statement-breakpoint
-- The audit trail kept a new user's code in its snapshots, and the invite throttle's windows the codes tried.
UPDATE "audit_events" SET "before" = "before" - 'invite_code' WHERE "before" ? 'invite_code';--> statement-breakpoint
UPDATE "audit_events" SET "after" = "after" - 'invite_code' WHERE "after" ? 'invite_code';--> statement-breakpoint
DELETE FROM "login_throttle" WHERE "key" LIKE 'invite:%';
