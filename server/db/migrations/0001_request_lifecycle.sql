CREATE TABLE "registration_flags" (
	"vehicle_id" uuid NOT NULL,
	"flagged_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registration_flags_vehicle_id_flagged_by_pk" PRIMARY KEY("vehicle_id","flagged_by")
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "reply_kind" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "reply_text" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "registration_flags" ADD CONSTRAINT "registration_flags_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_flags" ADD CONSTRAINT "registration_flags_flagged_by_users_id_fk" FOREIGN KEY ("flagged_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_awaiting_reminder_idx" ON "notifications" USING btree ("sent_at") WHERE "notifications"."reminder_sent_at" is null and "notifications"."seen_at" is null and "notifications"."replied_at" is null;