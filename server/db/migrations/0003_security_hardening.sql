CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "registrations" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "registrations" CASCADE;--> statement-breakpoint
ALTER TABLE "otp_codes" ADD COLUMN "registration" jsonb;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_id_unique" UNIQUE("id");