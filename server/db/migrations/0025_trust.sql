-- One-time codes say whom they prove a phone for: a stranger's codes (before a call through a card)
-- have budgets of their own and never count toward sign-in's.
ALTER TABLE "otp_codes" ADD COLUMN "purpose" text DEFAULT 'sign-in' NOT NULL;--> statement-breakpoint
ALTER TABLE "otp_codes" ADD CONSTRAINT "otp_codes_purpose_check" CHECK ("otp_codes"."purpose" in ('sign-in', 'stranger'));
