ALTER TABLE "notifications" ADD COLUMN "template_key" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "vehicle_number" varchar(10);