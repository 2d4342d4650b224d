-- The fallback ladder: each receiver's choice of an SMS and a voice call when their devices show nothing.
ALTER TABLE "users" ADD COLUMN "fallback_sms" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "fallback_call" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- One row per step taken for a request: its primary key lets one instance claim each step once.
CREATE TABLE "fallback_steps" (
	"notification_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"call_sid" text,
	"failed" boolean DEFAULT false NOT NULL,
	CONSTRAINT "fallback_steps_notification_id_channel_pk" PRIMARY KEY("notification_id","channel"),
	CONSTRAINT "fallback_steps_channel_check" CHECK ("fallback_steps"."channel" in ('sms', 'call'))
);--> statement-breakpoint
ALTER TABLE "fallback_steps" ADD CONSTRAINT "fallback_steps_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fallback_steps_channel_at_idx" ON "fallback_steps" USING btree ("channel","at");--> statement-breakpoint
-- The ladder's sweep reads only requests nobody has seen or answered yet.
CREATE INDEX "notifications_awaiting_fallback_idx" ON "notifications" USING btree ("sent_at") WHERE "notifications"."seen_at" is null and "notifications"."replied_at" is null;
