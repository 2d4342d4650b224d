-- Servers cache sessions with their user; these tell every server (LISTEN session_changes) which entries
-- to drop: an ended session by its token hash, a changed or deleted user by its id.
CREATE FUNCTION notify_session_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_changes', 's:' || OLD.token_hash);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER sessions_notify_ended AFTER DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION notify_session_ended();--> statement-breakpoint
CREATE FUNCTION notify_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_changes', 'u:' || OLD.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_notify_changed AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION notify_user_changed();
