-- The false-alarm pause moves into the send rule's locked check: a paused sender is refused under the
-- same lock as the blocks and windows, in the statement that would store the request ('paused', with
-- the end of the pause in oldest_counted_ms), rather than by a query of its own before it.
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
  paused_until_at timestamptz;
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
