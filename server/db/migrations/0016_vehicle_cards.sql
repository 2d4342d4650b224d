-- Windscreen cards: a vehicle's live card (at most one; a rotated or turned-off card stays dead) and
-- the requests that come through one (`via`, no sender account).
CREATE TABLE "vehicle_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"paused_until" timestamp with time zone,
	CONSTRAINT "vehicle_cards_code_unique" UNIQUE("code")
);--> statement-breakpoint
ALTER TABLE "vehicle_cards" ADD CONSTRAINT "vehicle_cards_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_cards_live_vehicle_unique" ON "vehicle_cards" USING btree ("vehicle_id") WHERE "vehicle_cards"."ended_at" is null;--> statement-breakpoint
CREATE TABLE "public_status_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
ALTER TABLE "public_status_tokens" ADD CONSTRAINT "public_status_tokens_request_id_notifications_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "public_status_tokens_expires_idx" ON "public_status_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "public_status_tokens_request_idx" ON "public_status_tokens" USING btree ("request_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "via" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_via_check" CHECK ("notifications"."via" in ('card'));--> statement-breakpoint
DROP FUNCTION store_checked_request(uuid, uuid, uuid, uuid, text, text, text, text, varchar, timestamptz, text[], integer, integer, integer, integer, integer, integer, text, text);--> statement-breakpoint
-- As in 0014, plus `new_via`: a request with no sender account (one through a windscreen card) has
-- no sender to lock, find or have blocked, and no sender window; its own limits are counted before.
CREATE FUNCTION store_checked_request(
  new_id uuid,
  new_sender_id uuid,
  new_receiver_id uuid,
  new_vehicle_id uuid,
  new_kind text,
  new_title text,
  new_content text,
  new_template_key text,
  new_vehicle_number varchar,
  new_sent_at timestamptz,
  new_via text,
  counted_kinds text[],
  per_sender integer,
  sender_window_ms integer,
  per_pair integer,
  pair_window_ms integer,
  per_receiver integer,
  receiver_window_ms integer,
  notify_channel text,
  notify_payload text
) RETURNS TABLE (refusal text, oldest_counted_ms double precision) LANGUAGE plpgsql AS $$
DECLARE
  full_window text;
  oldest timestamptz;
BEGIN
  IF per_receiver IS NULL THEN
    PERFORM 1 FROM users WHERE id = new_sender_id FOR NO KEY UPDATE;
  ELSE
    PERFORM 1 FROM users WHERE id IN (new_sender_id, new_receiver_id) ORDER BY id FOR NO KEY UPDATE;
  END IF;
  IF new_via IS NULL AND NOT EXISTS (SELECT 1 FROM users WHERE id = new_sender_id) THEN
    RETURN QUERY SELECT 'no-sender', NULL::double precision;
    RETURN;
  END IF;
  IF EXISTS (SELECT 1 FROM blocks WHERE blocker_id = new_receiver_id AND blocked_id = new_sender_id) THEN
    RETURN QUERY SELECT 'blocked', NULL::double precision;
    RETURN;
  END IF;
  SELECT w.window_name, w.window_oldest INTO full_window, oldest FROM (VALUES
      (1, 'sender', oldest_counted_request(counted_kinds, new_sender_id, NULL, per_sender, sender_window_ms, new_sent_at)),
      (2, 'pair', oldest_counted_request(counted_kinds, new_sender_id, new_receiver_id, per_pair, pair_window_ms, new_sent_at)),
      (3, 'receiver', oldest_counted_request(counted_kinds, NULL, new_receiver_id, per_receiver, receiver_window_ms, new_sent_at))
    ) AS w(step, window_name, window_oldest)
    WHERE w.window_oldest IS NOT NULL ORDER BY w.step LIMIT 1;
  IF FOUND THEN
    RETURN QUERY SELECT full_window, extract(epoch FROM oldest)::double precision * 1000;
    RETURN;
  END IF;
  INSERT INTO notifications (id, sender_id, receiver_id, vehicle_id, kind, title, content, template_key, vehicle_number, sent_at, via)
    VALUES (new_id, new_sender_id, new_receiver_id, new_vehicle_id, new_kind, new_title, new_content, new_template_key, new_vehicle_number, new_sent_at, new_via);
  IF notify_payload IS NOT NULL THEN
    PERFORM pg_notify(notify_channel, notify_payload);
  END IF;
  RETURN QUERY SELECT NULL::text, NULL::double precision;
END $$;
