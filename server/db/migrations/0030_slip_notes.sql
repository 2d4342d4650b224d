-- One stored shape for a wiper slip's note: the note and its one answer are a request of the slip's
-- owner (`slip_id`), and the slip keeps only its code, owner and times. Every attached slip keeps its
-- note: a slip whose note also waited for its number (or reached its owner) gives that request its
-- answer, unless the request has one already (the receiver's answer stays); any other slip's note
-- becomes a receiverless request with the slip's id, words, times and answer, which waits for nothing.
-- A note answered on its slip waits no more (no expiry), as a deleted one did.
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_waiting_check";--> statement-breakpoint
UPDATE "notifications" AS n
  SET "reply_kind" = s."reply_kind",
    "replied_at" = s."replied_at",
    "expires_at" = CASE WHEN n."receiver_id" IS NULL THEN NULL ELSE n."expires_at" END
  FROM "slips" s
  WHERE n."slip_id" = s."id" AND s."replied_at" IS NOT NULL AND n."replied_at" IS NULL;--> statement-breakpoint
INSERT INTO "notifications" ("id", "sender_id", "receiver_id", "vehicle_id", "kind", "title", "content", "template_key", "vehicle_number", "sent_at", "reply_kind", "replied_at", "slip_id")
  SELECT s."id", s."owner_id", NULL, NULL, 'message', 'Message about ' || upper(s."vehicle_number"),
    -- As every request stores its words: the sender's as typed, a suggested text in English.
    coalesce(s."text", replace(CASE s."template_key"
      WHEN 'blocking' THEN 'Your vehicle {plate} is blocking the driveway. Please move it.'
      WHEN 'obstruction' THEN 'Your vehicle {plate} is causing an obstruction. Please attend to it.'
      WHEN 'moveSoon' THEN 'Kindly move your vehicle {plate} as soon as possible.'
      WHEN 'attention' THEN 'Your vehicle {plate} needs immediate attention.'
      WHEN 'relocate' THEN 'Please relocate your vehicle {plate}. It is parked improperly.'
    END, '{plate}', upper(s."vehicle_number")), ''),
    s."template_key", s."vehicle_number", s."attached_at", s."reply_kind", s."replied_at", s."id"
  FROM "slips" s
  WHERE s."attached_at" IS NOT NULL AND s."vehicle_number" IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM "notifications" n WHERE n."slip_id" = s."id");--> statement-breakpoint
ALTER TABLE "slips" DROP CONSTRAINT "slips_template_key_check";--> statement-breakpoint
ALTER TABLE "slips" DROP CONSTRAINT "slips_reply_kind_check";--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_slip_idx" ON "notifications" USING btree ("slip_id") WHERE "notifications"."slip_id" is not null;--> statement-breakpoint
ALTER TABLE "slips" DROP COLUMN "vehicle_number";--> statement-breakpoint
ALTER TABLE "slips" DROP COLUMN "template_key";--> statement-breakpoint
ALTER TABLE "slips" DROP COLUMN "text";--> statement-breakpoint
ALTER TABLE "slips" DROP COLUMN "reply_kind";--> statement-breakpoint
ALTER TABLE "slips" DROP COLUMN "replied_at";--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_waiting_check" CHECK ("notifications"."receiver_id" is not null or ("notifications"."sender_id" is not null and "notifications"."vehicle_number" is not null and ("notifications"."expires_at" is not null or "notifications"."slip_id" is not null)));--> statement-breakpoint
-- A slip's note that waits for nothing (no expiry) is stored with no receiver and no check: the
-- sender's one note waiting per number is checked only for a note that waits.
CREATE OR REPLACE FUNCTION store_checked_request(
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
    IF new_expires_at IS NOT NULL AND EXISTS (SELECT 1 FROM notifications n
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
