-- Changes that in-process caches must hear about at once (decision 0024). A NOTIFY is
-- delivered when its transaction commits and never when it rolls back.
-- A user's tree moved on: "<user id> <version>".
CREATE FUNCTION "notify_tree_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tree_version', NEW."user_id" || ' ' || NEW."version");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "tree_version_notify" AFTER INSERT OR UPDATE ON "tree_version" FOR EACH ROW EXECUTE FUNCTION "notify_tree_version"();--> statement-breakpoint
-- A session was revoked, expired or changed: its user id (every cached session of that user is dropped).
CREATE FUNCTION "notify_session_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_changed', OLD."user_id");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "session_changed_notify" AFTER UPDATE OR DELETE ON "session" FOR EACH ROW EXECUTE FUNCTION "notify_session_changed"();--> statement-breakpoint
-- A user's name or verification changed (or the user went): the same channel, the same payload.
CREATE FUNCTION "notify_user_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_changed', OLD."id");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "user_changed_notify" AFTER UPDATE OR DELETE ON "user" FOR EACH ROW EXECUTE FUNCTION "notify_user_changed"();
