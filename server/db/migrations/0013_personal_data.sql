-- When the user agreed to the privacy notice (DPDP Act 2023); null for an account that has not.
ALTER TABLE "users" ADD COLUMN "consented_at" timestamp with time zone;--> statement-breakpoint
-- The retention sweep deletes codes (and the sign-ups they carry) some hours after they expire, and
-- requests, answers and call records some days after they were sent.
CREATE INDEX "otp_codes_expires_idx" ON "otp_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "notifications_sent_idx" ON "notifications" USING btree ("sent_at");
