-- A false-alarm report waits FALSE_ALARM_UNDO_S here, where its receiver may undo it, before it takes
-- effect as a row of false_alarms (a strike, perhaps a pause): a periodic job commits it.
CREATE TABLE "pending_false_alarms" (
	"notification_id" uuid PRIMARY KEY NOT NULL,
	"sender_id" uuid NOT NULL,
	"receiver_id" uuid NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	"takes_effect_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pending_false_alarms" ADD CONSTRAINT "pending_false_alarms_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_false_alarms" ADD CONSTRAINT "pending_false_alarms_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_false_alarms" ADD CONSTRAINT "pending_false_alarms_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pending_false_alarms_takes_effect_idx" ON "pending_false_alarms" USING btree ("takes_effect_at");