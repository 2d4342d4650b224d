-- Who sent a request that has no sender account: the card it came through and a hash of each thing
-- known of the stranger (cookie, client address, proven phone), for blocks and per-sender budgets.
CREATE TABLE "request_strangers" (
	"notification_id" uuid PRIMARY KEY NOT NULL,
	"card_id" uuid,
	"cookie_hash" text,
	"address_hash" text,
	"phone_hash" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "request_strangers" ADD CONSTRAINT "request_strangers_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_strangers" ADD CONSTRAINT "request_strangers_card_id_vehicle_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."vehicle_cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_strangers_card_created_idx" ON "request_strangers" USING btree ("card_id","created_at");--> statement-breakpoint
CREATE INDEX "request_strangers_address_created_idx" ON "request_strangers" USING btree ("address_hash","created_at");
