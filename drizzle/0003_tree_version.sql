CREATE TABLE "tree_version" (
	"user_id" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Versions come from one sequence so a value is never reused, even after rows are deleted.
CREATE SEQUENCE "tree_version_seq";--> statement-breakpoint
-- Moves tree_version on for every user whose tree a statement touched (see schema.ts).
CREATE FUNCTION "tree_version_bump"("users" text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "tree_version" ("user_id", "version")
  SELECT "u", nextval('tree_version_seq') FROM (SELECT DISTINCT "u" FROM unnest("users") AS "u" WHERE "u" IS NOT NULL) AS "touched"
  ON CONFLICT ("user_id") DO UPDATE SET "version" = "excluded"."version"
$$;--> statement-breakpoint
-- Statement-level with transition tables: one bump per statement, however many rows.
CREATE FUNCTION "tree_version_on_group"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "tree_version_bump"(ARRAY(SELECT "owner_id" FROM "new_rows"));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "tree_version_bump"(ARRAY(SELECT "owner_id" FROM "old_rows"));
  ELSE
    PERFORM "tree_version_bump"(ARRAY(SELECT "owner_id" FROM "new_rows" UNION SELECT "owner_id" FROM "old_rows"));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Items count toward their group's owner; items of a group being deleted are covered by the group's own bump.
CREATE FUNCTION "tree_version_on_group_item"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "tree_version_bump"(ARRAY(SELECT "g"."owner_id" FROM "group" "g" WHERE "g"."id" IN (SELECT "group_id" FROM "new_rows")));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "tree_version_bump"(ARRAY(SELECT "g"."owner_id" FROM "group" "g" WHERE "g"."id" IN (SELECT "group_id" FROM "old_rows")));
  ELSE
    PERFORM "tree_version_bump"(ARRAY(SELECT "g"."owner_id" FROM "group" "g" WHERE "g"."id" IN (SELECT "group_id" FROM "new_rows" UNION SELECT "group_id" FROM "old_rows")));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Folds and settings shape only their own user's view of a tree.
CREATE FUNCTION "tree_version_on_user_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "tree_version_bump"(ARRAY(SELECT "user_id" FROM "new_rows"));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "tree_version_bump"(ARRAY(SELECT "user_id" FROM "old_rows"));
  ELSE
    PERFORM "tree_version_bump"(ARRAY(SELECT "user_id" FROM "new_rows" UNION SELECT "user_id" FROM "old_rows"));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "group_tree_version_insert" AFTER INSERT ON "group" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "tree_version_on_group"();--> statement-breakpoint
CREATE TRIGGER "group_tree_version_update" AFTER UPDATE ON "group" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "tree_version_on_group"();--> statement-breakpoint
CREATE TRIGGER "group_tree_version_delete" AFTER DELETE ON "group" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "tree_version_on_group"();--> statement-breakpoint
CREATE TRIGGER "group_item_tree_version_insert" AFTER INSERT ON "group_item" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "tree_version_on_group_item"();--> statement-breakpoint
CREATE TRIGGER "group_item_tree_version_update" AFTER UPDATE ON "group_item" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "tree_version_on_group_item"();--> statement-breakpoint
CREATE TRIGGER "group_item_tree_version_delete" AFTER DELETE ON "group_item" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "tree_version_on_group_item"();--> statement-breakpoint
CREATE TRIGGER "group_fold_tree_version_insert" AFTER INSERT ON "group_fold" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "tree_version_on_user_row"();--> statement-breakpoint
CREATE TRIGGER "group_fold_tree_version_update" AFTER UPDATE ON "group_fold" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "tree_version_on_user_row"();--> statement-breakpoint
CREATE TRIGGER "group_fold_tree_version_delete" AFTER DELETE ON "group_fold" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "tree_version_on_user_row"();--> statement-breakpoint
CREATE TRIGGER "group_settings_tree_version_insert" AFTER INSERT ON "group_settings" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "tree_version_on_user_row"();--> statement-breakpoint
CREATE TRIGGER "group_settings_tree_version_update" AFTER UPDATE ON "group_settings" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "tree_version_on_user_row"();--> statement-breakpoint
CREATE TRIGGER "group_settings_tree_version_delete" AFTER DELETE ON "group_settings" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "tree_version_on_user_row"();
