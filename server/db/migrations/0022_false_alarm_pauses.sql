-- A pause is kept under a hash of the sender's phone, not under the account, so that deleting the
-- account does not lift it and an account registered again with the number starts paused (the hash
-- is `pauseKey` of server/lib/send-rule/pause.ts); a paused sender's one contest is kept with it.
ALTER TABLE "sender_pauses" DROP CONSTRAINT "sender_pauses_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "sender_pauses" ADD COLUMN "phone_hash" text;--> statement-breakpoint
UPDATE "sender_pauses" SET "phone_hash" = encode(sha256(convert_to('sender-pause:' || "users"."phone", 'UTF8')), 'hex') FROM "users" WHERE "users"."id" = "sender_pauses"."user_id";--> statement-breakpoint
ALTER TABLE "sender_pauses" DROP CONSTRAINT "sender_pauses_pkey";--> statement-breakpoint
ALTER TABLE "sender_pauses" DROP COLUMN "user_id";--> statement-breakpoint
ALTER TABLE "sender_pauses" ALTER COLUMN "phone_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sender_pauses" ADD PRIMARY KEY ("phone_hash");--> statement-breakpoint
ALTER TABLE "sender_pauses" ADD COLUMN "contest_text" text;--> statement-breakpoint
ALTER TABLE "sender_pauses" ADD COLUMN "contested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sender_pauses" ADD CONSTRAINT "sender_pauses_contest_check" CHECK (("sender_pauses"."contest_text" is null) = ("sender_pauses"."contested_at" is null));--> statement-breakpoint
CREATE INDEX "sender_pauses_until_idx" ON "sender_pauses" USING btree ("paused_until");
