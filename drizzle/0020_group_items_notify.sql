-- What a group's items show besides group_item itself (decision 0055): the entry (alias, tags,
-- kind) and its catalogue row. group_item changes already move the owner's tree_version.
-- An entry changed or went: "<owner id>", once per owner and statement.
CREATE FUNCTION "notify_items_of_entries"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('items_changed', "u") FROM (SELECT DISTINCT "user_id" AS "u" FROM "old_rows") AS "touched";
  ELSE
    PERFORM pg_notify('items_changed', "u") FROM (SELECT "user_id" AS "u" FROM "new_rows" UNION SELECT "user_id" FROM "old_rows") AS "touched";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A channel or anime changed or went: an empty payload, every group's items (catalogue rows are shared).
CREATE FUNCTION "notify_items_of_catalogue"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('items_changed', '');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "library_entry_items_update" AFTER UPDATE ON "library_entry" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "notify_items_of_entries"();--> statement-breakpoint
CREATE TRIGGER "library_entry_items_delete" AFTER DELETE ON "library_entry" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "notify_items_of_entries"();--> statement-breakpoint
CREATE TRIGGER "channel_items_change" AFTER UPDATE OR DELETE ON "channel" FOR EACH STATEMENT EXECUTE FUNCTION "notify_items_of_catalogue"();--> statement-breakpoint
CREATE TRIGGER "anime_items_change" AFTER UPDATE OR DELETE ON "anime" FOR EACH STATEMENT EXECUTE FUNCTION "notify_items_of_catalogue"();
