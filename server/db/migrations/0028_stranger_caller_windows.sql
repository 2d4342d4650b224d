-- A stranger who calls through a card is counted in the same caller windows as an account, by the
-- hash of the phone they proved: the send rule's function records who the stranger is with the request
-- (request_strangers) and counts the stranger's earlier requests through it, under a lock on that
-- hash, instead of a counter of its own in rate_limits.
CREATE INDEX "request_strangers_phone_created_idx" ON "request_strangers" USING btree ("phone_hash","created_at");--> statement-breakpoint
CREATE FUNCTION oldest_counted_stranger_request(
  counted_kinds text[],
  counted_phone_hash text,
  counted_receiver_id uuid,
  max_count integer,
  window_ms integer,
  at timestamptz
) RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT n.sent_at FROM notifications n JOIN request_strangers s ON s.notification_id = n.id
    WHERE max_count IS NOT NULL AND counted_phone_hash IS NOT NULL AND s.phone_hash = counted_phone_hash
      AND n.kind = ANY (counted_kinds)
      AND (counted_receiver_id IS NULL OR n.receiver_id = counted_receiver_id)
      AND n.sent_at > at - window_ms * interval '1 millisecond'
    ORDER BY n.sent_at DESC OFFSET max_count - 1 LIMIT 1
$$;--> statement-breakpoint
DROP FUNCTION store_checked_request(uuid, uuid, uuid, uuid, text, text, text, text, varchar, timestamptz, text, text[], integer, integer, integer, integer, integer, integer, text, text);--> statement-breakpoint
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
  SELECT p.paused_until INTO paused_until_at FROM sender_pauses p
    JOIN users u ON p.phone_hash = encode(sha256(convert_to('sender-pause:' || u.phone, 'UTF8')), 'hex')
    WHERE u.id = new_sender_id AND p.paused_until > new_sent_at;
  IF FOUND THEN
    RETURN QUERY SELECT 'paused', extract(epoch FROM paused_until_at)::double precision * 1000;
    RETURN;
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
  INSERT INTO notifications (id, sender_id, receiver_id, vehicle_id, kind, title, content, template_key, vehicle_number, sent_at, via)
    VALUES (new_id, new_sender_id, new_receiver_id, new_vehicle_id, new_kind, new_title, new_content, new_template_key, new_vehicle_number, new_sent_at, new_via);
  IF COALESCE(stranger_card_id::text, stranger_cookie_hash, stranger_address_hash, stranger_phone_hash) IS NOT NULL THEN
    INSERT INTO request_strangers (notification_id, card_id, cookie_hash, address_hash, phone_hash, created_at)
      VALUES (new_id, stranger_card_id, stranger_cookie_hash, stranger_address_hash, stranger_phone_hash, new_sent_at);
  END IF;
  IF notify_payload IS NOT NULL THEN
    PERFORM pg_notify(notify_channel, notify_payload);
  END IF;
  RETURN QUERY SELECT NULL::text, NULL::double precision;
END $$;
