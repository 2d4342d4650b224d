-- One stored shape for a request: a waiting note is a request whose receiver is not known yet. Its
-- row is a `notifications` row with no receiver and an `expires_at`; delivering it sets its receiver
-- on the same row (same id, same time), through the send rule's function, which now also stores a
-- note left for a number under the sender's lock (one note waiting per number, the day's limit).
-- Every row of `waiting_notes` is kept: a delivered note's request takes its waiting time, claim
-- time and slip; every other note (waiting, expired, refused at delivery, or whose receiver is gone)
-- becomes a receiverless row with the same id, sender, number, words and times. Then the table goes.
ALTER TABLE "notifications" ALTER COLUMN "receiver_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "slip_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_slip_id_slips_id_fk" FOREIGN KEY ("slip_id") REFERENCES "public"."slips"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
UPDATE "notifications" AS n
  SET "expires_at" = w."expires_at",
    "claimed_at" = w."delivered_at",
    "slip_id" = (SELECT s."id" FROM "slips" s WHERE s."id" = w."slip_id")
  FROM "waiting_notes" w
  WHERE w."id" = n."id";--> statement-breakpoint
INSERT INTO "notifications" ("id", "sender_id", "receiver_id", "vehicle_id", "kind", "title", "content", "template_key", "vehicle_number", "sent_at", "expires_at", "claimed_at", "slip_id")
  SELECT w."id", w."sender_id", NULL, NULL, 'message', 'Message about ' || upper(w."vehicle_number"),
    -- As every request stores its words: the sender's as typed, a suggested text in English.
    coalesce(w."text", replace(CASE w."template_key"
      WHEN 'blocking' THEN 'Your vehicle {plate} is blocking the driveway. Please move it.'
      WHEN 'obstruction' THEN 'Your vehicle {plate} is causing an obstruction. Please attend to it.'
      WHEN 'moveSoon' THEN 'Kindly move your vehicle {plate} as soon as possible.'
      WHEN 'attention' THEN 'Your vehicle {plate} needs immediate attention.'
      WHEN 'relocate' THEN 'Please relocate your vehicle {plate}. It is parked improperly.'
    END, '{plate}', upper(w."vehicle_number"))),
    w."template_key", w."vehicle_number", w."created_at", w."expires_at", w."delivered_at",
    (SELECT s."id" FROM "slips" s WHERE s."id" = w."slip_id")
  FROM "waiting_notes" w
  WHERE NOT EXISTS (SELECT 1 FROM "notifications" n WHERE n."id" = w."id");--> statement-breakpoint
DROP TABLE "waiting_notes" CASCADE;--> statement-breakpoint
DROP INDEX "notifications_awaiting_reminder_idx";--> statement-breakpoint
DROP INDEX "notifications_awaiting_fallback_idx";--> statement-breakpoint
CREATE INDEX "notifications_waiting_number_idx" ON "notifications" USING btree ("vehicle_number","expires_at") WHERE "notifications"."receiver_id" is null and "notifications"."claimed_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_waiting_expires_idx" ON "notifications" USING btree ("expires_at") WHERE "notifications"."receiver_id" is null and "notifications"."claimed_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_awaiting_reminder_idx" ON "notifications" USING btree ("sent_at") WHERE "notifications"."receiver_id" is not null and "notifications"."reminder_sent_at" is null and "notifications"."seen_at" is null and "notifications"."replied_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_awaiting_fallback_idx" ON "notifications" USING btree ("sent_at") WHERE "notifications"."receiver_id" is not null and "notifications"."seen_at" is null and "notifications"."replied_at" is null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_waiting_check" CHECK ("notifications"."receiver_id" is not null or ("notifications"."sender_id" is not null and "notifications"."expires_at" is not null and "notifications"."vehicle_number" is not null));--> statement-breakpoint
-- The windows count requests with a receiver, of the kinds a rule names; `note` counts every note
-- left for a number, delivered or not (the day's limit of notes), as waiting_notes' rows were counted.
CREATE OR REPLACE FUNCTION oldest_counted_request(
  counted_kinds text[],
  counted_sender_id uuid,
  counted_receiver_id uuid,
  max_count integer,
  window_ms integer,
  at timestamptz
) RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT n.sent_at FROM notifications n
    WHERE max_count IS NOT NULL
      AND ((n.receiver_id IS NOT NULL AND n.kind = ANY (counted_kinds))
        OR (n.expires_at IS NOT NULL AND 'note' = ANY (counted_kinds)))
      AND (counted_sender_id IS NULL OR n.sender_id = counted_sender_id)
      AND (counted_receiver_id IS NULL OR n.receiver_id = counted_receiver_id)
      AND n.sent_at > at - window_ms * interval '1 millisecond'
    ORDER BY n.sent_at DESC OFFSET max_count - 1 LIMIT 1
$$;--> statement-breakpoint
DROP FUNCTION store_checked_request(uuid, uuid, uuid, uuid, text, text, text, text, varchar, timestamptz, text, text[], integer, integer, integer, integer, integer, integer, text, text, uuid, text, text, text);--> statement-breakpoint
-- A note left for a number (no receiver, an expiry) is refused 'open' while the sender has one
-- waiting for the number, and is not checked against a pause (a pause is checked when it is
-- delivered, as before). Delivering a note stores the same id: the waiting row gets its receiver.
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
  new_expires_at timestamptz,
  new_slip_id uuid,
  counted_kinds text[],
  per_sender integer,
  sender_window_ms integer,
  per_pair integer,
  pair_window_ms integer,
  per_receiver integer,
  receiver_window_ms integer,
  notify_channel text,
  notify_payload text,
  stranger_card_id uuid,
  stranger_cookie_hash text,
  stranger_address_hash text,
  stranger_phone_hash text
) RETURNS TABLE (refusal text, oldest_counted_ms double precision) LANGUAGE plpgsql AS $$
DECLARE
  full_window text;
  oldest timestamptz;
  paused_until_at timestamptz;
BEGIN
  IF new_sender_id IS NULL AND stranger_phone_hash IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock(hashtextextended('stranger-sender:' || stranger_phone_hash, 0));
  END IF;
  IF per_receiver IS NULL THEN
    PERFORM 1 FROM users WHERE id = new_sender_id FOR NO KEY UPDATE;
  ELSE
    PERFORM 1 FROM users WHERE id IN (new_sender_id, new_receiver_id) ORDER BY id FOR NO KEY UPDATE;
  END IF;
  IF new_via IS NULL AND NOT EXISTS (SELECT 1 FROM users WHERE id = new_sender_id) THEN
    RETURN QUERY SELECT 'no-sender', NULL::double precision;
    RETURN;
  END IF;
  IF new_receiver_id IS NULL THEN
    IF EXISTS (SELECT 1 FROM notifications n
        WHERE n.sender_id = new_sender_id AND n.vehicle_number = new_vehicle_number
          AND n.receiver_id IS NULL AND n.claimed_at IS NULL AND n.expires_at > new_sent_at) THEN
      RETURN QUERY SELECT 'open', NULL::double precision;
      RETURN;
    END IF;
  ELSE
    SELECT p.paused_until INTO paused_until_at FROM sender_pauses p
      JOIN users u ON p.phone_hash = encode(sha256(convert_to('sender-pause:' || u.phone, 'UTF8')), 'hex')
      WHERE u.id = new_sender_id AND p.paused_until > new_sent_at;
    IF FOUND THEN
      RETURN QUERY SELECT 'paused', extract(epoch FROM paused_until_at)::double precision * 1000;
      RETURN;
    END IF;
  END IF;
  IF EXISTS (SELECT 1 FROM blocks WHERE blocker_id = new_receiver_id AND blocked_id = new_sender_id) THEN
    RETURN QUERY SELECT 'blocked', NULL::double precision;
    RETURN;
  END IF;
  SELECT w.window_name, w.window_oldest INTO full_window, oldest FROM (VALUES
      (1, 'sender', CASE WHEN new_sender_id IS NULL
        THEN oldest_counted_stranger_request(counted_kinds, stranger_phone_hash, NULL, per_sender, sender_window_ms, new_sent_at)
        ELSE oldest_counted_request(counted_kinds, new_sender_id, NULL, per_sender, sender_window_ms, new_sent_at) END),
      (2, 'pair', CASE WHEN new_sender_id IS NULL
        THEN oldest_counted_stranger_request(counted_kinds, stranger_phone_hash, new_receiver_id, per_pair, pair_window_ms, new_sent_at)
        ELSE oldest_counted_request(counted_kinds, new_sender_id, new_receiver_id, per_pair, pair_window_ms, new_sent_at) END),
      (3, 'receiver', oldest_counted_request(counted_kinds, NULL, new_receiver_id, per_receiver, receiver_window_ms, new_sent_at))
    ) AS w(step, window_name, window_oldest)
    WHERE w.window_oldest IS NOT NULL ORDER BY w.step LIMIT 1;
  IF FOUND THEN
    RETURN QUERY SELECT full_window, extract(epoch FROM oldest)::double precision * 1000;
    RETURN;
  END IF;
  INSERT INTO notifications (id, sender_id, receiver_id, vehicle_id, kind, title, content, template_key, vehicle_number, sent_at, via, expires_at, slip_id)
    VALUES (new_id, new_sender_id, new_receiver_id, new_vehicle_id, new_kind, new_title, new_content, new_template_key, new_vehicle_number, new_sent_at, new_via, new_expires_at, new_slip_id)
    ON CONFLICT (id) DO UPDATE SET receiver_id = excluded.receiver_id, vehicle_id = excluded.vehicle_id
      WHERE notifications.receiver_id IS NULL AND excluded.receiver_id IS NOT NULL;
  IF COALESCE(stranger_card_id::text, stranger_cookie_hash, stranger_address_hash, stranger_phone_hash) IS NOT NULL THEN
    INSERT INTO request_strangers (notification_id, card_id, cookie_hash, address_hash, phone_hash, created_at)
      VALUES (new_id, stranger_card_id, stranger_cookie_hash, stranger_address_hash, stranger_phone_hash, new_sent_at);
  END IF;
  IF notify_payload IS NOT NULL THEN
    PERFORM pg_notify(notify_channel, notify_payload);
  END IF;
  RETURN QUERY SELECT NULL::text, NULL::double precision;
END $$;
