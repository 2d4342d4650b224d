-- The send rule (server/lib/send-rule/) in one function for every way of reaching an owner: messages
-- and notifications used store_checked_notification, masked calls a copy of its checks in TypeScript.
DROP FUNCTION store_checked_notification(uuid, uuid, uuid, uuid, text, text, text, text, varchar, timestamptz, integer, integer, integer, integer, text, text);--> statement-breakpoint
DROP FUNCTION oldest_counted_send(uuid, uuid, integer, integer, timestamptz);--> statement-breakpoint
-- The window across all senders of one receiver (calls to one owner) reads by receiver and time.
CREATE INDEX "notifications_receiver_sent_idx" ON "notifications" USING btree ("receiver_id","sent_at");--> statement-breakpoint
-- The counted request (of one of counted_kinds, by the sender and/or to the receiver, null meaning
-- anyone) that must leave the window before one more is allowed; null while one more is, or when the
-- window does not apply (max_count null).
CREATE FUNCTION oldest_counted_request(
  counted_kinds text[],
  counted_sender_id uuid,
  counted_receiver_id uuid,
  max_count integer,
  window_ms integer,
  at timestamptz
) RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT n.sent_at FROM notifications n
    WHERE max_count IS NOT NULL AND n.kind = ANY (counted_kinds)
      AND (counted_sender_id IS NULL OR n.sender_id = counted_sender_id)
      AND (counted_receiver_id IS NULL OR n.receiver_id = counted_receiver_id)
      AND n.sent_at > at - window_ms * interval '1 millisecond'
    ORDER BY n.sent_at DESC OFFSET max_count - 1 LIMIT 1
$$;--> statement-breakpoint
-- A request (a row of notifications) stored in one round trip with the checks that guard it, or the
-- reason it is refused: 'blocked' (the receiver blocked the sender), 'sender', 'pair' or 'receiver' (a
-- window is full: the sender's, this sender's to this receiver, all senders' to this receiver), with
-- the epoch milliseconds of the counted request that must leave it first; 'no-sender' when the sender
-- is gone. The windows count the requests of counted_kinds; a window whose max is null does not apply.
-- The sender's row is locked first (and the receiver's, in id order, when the receiver's window
-- applies), so the sends a window counts run one at a time and cannot slip past it together; each
-- statement of a function takes a fresh snapshot, so the checks see what the send that held the lock
-- before committed. A stored one is announced with NOTIFY notify_channel when a payload is given, so
-- listeners hear of it once it is committed.
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
  IF NOT EXISTS (SELECT 1 FROM users WHERE id = new_sender_id) THEN
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
  INSERT INTO notifications (id, sender_id, receiver_id, vehicle_id, kind, title, content, template_key, vehicle_number, sent_at)
    VALUES (new_id, new_sender_id, new_receiver_id, new_vehicle_id, new_kind, new_title, new_content, new_template_key, new_vehicle_number, new_sent_at);
  IF notify_payload IS NOT NULL THEN
    PERFORM pg_notify(notify_channel, notify_payload);
  END IF;
  RETURN QUERY SELECT NULL::text, NULL::double precision;
END $$;
