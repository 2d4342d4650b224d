-- A device token belongs to the session that registered it and ends with it (sign-out, sign-out of
-- other devices, expiry). Tokens stored before cannot be tied to a session: they are dropped, and each
-- signed-in device registers its token again on its next start.
DELETE FROM "device_tokens";--> statement-breakpoint
ALTER TABLE "device_tokens" ADD COLUMN "session_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "device_tokens" ADD CONSTRAINT "device_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_tokens_session_idx" ON "device_tokens" USING btree ("session_id");
