ALTER TABLE "users" ADD COLUMN "allow_calls" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "quiet_start" varchar(5);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "quiet_end" varchar(5);