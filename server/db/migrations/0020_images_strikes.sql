-- Photos sent as proof with a request, kept in the database so every instance serves them, and
-- deleted with their request; false alarms reported by receivers (a strike against the sender when it
-- counts) and the pauses that enough strikes put on a sender.
CREATE TABLE "request_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"notification_id" uuid NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "request_images_notification_id_unique" UNIQUE("notification_id"),
	CONSTRAINT "request_images_content_type_check" CHECK ("request_images"."content_type" in ('image/jpeg', 'image/png', 'image/webp'))
);
--> statement-breakpoint
CREATE TABLE "false_alarms" (
	"notification_id" uuid PRIMARY KEY NOT NULL,
	"sender_id" uuid NOT NULL,
	"receiver_id" uuid NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	"strike" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sender_pauses" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"paused_at" timestamp with time zone NOT NULL,
	"paused_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "request_images" ADD CONSTRAINT "request_images_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "false_alarms" ADD CONSTRAINT "false_alarms_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "false_alarms" ADD CONSTRAINT "false_alarms_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "false_alarms" ADD CONSTRAINT "false_alarms_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sender_pauses" ADD CONSTRAINT "sender_pauses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_images_created_idx" ON "request_images" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "false_alarms_sender_reported_idx" ON "false_alarms" USING btree ("sender_id","reported_at");--> statement-breakpoint
CREATE INDEX "false_alarms_receiver_sender_reported_idx" ON "false_alarms" USING btree ("receiver_id","sender_id","reported_at");
