-- The sender's counted request (to one receiver, or to anyone when it is null) that must leave the
-- window before one more is allowed; null while one more is.
CREATE FUNCTION oldest_counted_send(
  counted_sender_id uuid,
  counted_receiver_id uuid,
  max_count integer,
  window_ms integer,
  at timestamptz
) RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT n.sent_at FROM notifications n
    WHERE n.sender_id = counted_sender_id AND n.kind <> 'call'
      AND (counted_receiver_id IS NULL OR n.receiver_id = counted_receiver_id)
      AND n.sent_at > at - window_ms * interval '1 millisecond'
    ORDER BY n.sent_at DESC OFFSET max_count - 1 LIMIT 1
$$;--> statement-breakpoint
-- A message or notification stored in one round trip, with the checks that guard it. The sender's row
-- is locked first, so one send per sender runs at a time and concurrent sends cannot slip past the
-- limits together; each statement of a function takes a fresh snapshot, so the checks see what the
-- send that held the lock before committed. Refused: 'blocked' (the receiver blocked the sender),
-- 'sender' (the sender's limit) or 'pair' (the limit for this receiver), with the epoch milliseconds
-- of the counted request that must leave its window first; 'no-sender' when the sender is gone.
-- Masked calls (kind 'call') have limits of their own and do not count here. A stored one is announced
-- with NOTIFY notify_channel when a payload is given, so listeners hear of it once it is committed.
CREATE FUNCTION store_checked_notification(
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
  per_sender integer,
  sender_window_ms integer,
  per_pair integer,
  pair_window_ms integer,
  notify_channel text,
  notify_payload text
) RETURNS TABLE (refusal text, oldest_counted_ms double precision) LANGUAGE plpgsql AS $$
DECLARE
  oldest timestamptz;
BEGIN
  PERFORM 1 FROM users WHERE id = new_sender_id FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'no-sender', NULL::double precision;
    RETURN;
  END IF;
  IF EXISTS (SELECT 1 FROM blocks WHERE blocker_id = new_receiver_id AND blocked_id = new_sender_id) THEN
    RETURN QUERY SELECT 'blocked', NULL::double precision;
    RETURN;
  END IF;
  oldest := oldest_counted_send(new_sender_id, NULL, per_sender, sender_window_ms, new_sent_at);
  IF oldest IS NOT NULL THEN
    RETURN QUERY SELECT 'sender', extract(epoch FROM oldest)::double precision * 1000;
    RETURN;
  END IF;
  oldest := oldest_counted_send(new_sender_id, new_receiver_id, per_pair, pair_window_ms, new_sent_at);
  IF oldest IS NOT NULL THEN
    RETURN QUERY SELECT 'pair', extract(epoch FROM oldest)::double precision * 1000;
    RETURN;
  END IF;
  INSERT INTO notifications (id, sender_id, receiver_id, vehicle_id, kind, title, content, template_key, vehicle_number, sent_at)
    VALUES (new_id, new_sender_id, new_receiver_id, new_vehicle_id, new_kind, new_title, new_content, new_template_key, new_vehicle_number, new_sent_at);
  IF notify_payload IS NOT NULL THEN
    PERFORM pg_notify(notify_channel, notify_payload);
  END IF;
  RETURN QUERY SELECT NULL::text, NULL::double precision;
END $$;
