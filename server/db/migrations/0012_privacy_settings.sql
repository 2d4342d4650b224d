ALTER TABLE "users" ADD COLUMN "name_visible" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "share_read_receipts" boolean DEFAULT true NOT NULL;
