-- The library screen sorts titles with Intl.Collator (base sensitivity, numeric). This is the
-- same order in ICU: root locale, level 1, digits by value; equal titles tie (the id decides).
-- ICU's own locale syntax: PGlite's ICU ignores the BCP 47 form ('und-u-kn-ks-level1').
CREATE COLLATION IF NOT EXISTS "title_order" (provider = icu, locale = 'und@colNumeric=yes;colStrength=primary', deterministic = false);--> statement-breakpoint
ALTER TABLE "library_entry" ADD COLUMN "display_title" text collate "title_order" DEFAULT '' NOT NULL;--> statement-breakpoint
-- An entry's title is its alias, else its catalogue row's title.
CREATE FUNCTION "library_entry_display_title"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."display_title" := coalesce(
    NEW."alias",
    (SELECT "title" FROM "channel" WHERE "id" = NEW."channel_id"),
    (SELECT "title" FROM "anime" WHERE "id" = NEW."anime_id"),
    ''
  );
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "library_entry_display_title" BEFORE INSERT OR UPDATE OF "alias", "channel_id", "anime_id" ON "library_entry" FOR EACH ROW EXECUTE FUNCTION "library_entry_display_title"();--> statement-breakpoint
-- A catalogue title changed (the daily sync, an AniList refresh): entries without an alias follow.
CREATE FUNCTION "catalogue_title_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'channel' THEN
    UPDATE "library_entry" SET "display_title" = NEW."title" WHERE "channel_id" = NEW."id" AND "alias" IS NULL;
  ELSE
    UPDATE "library_entry" SET "display_title" = NEW."title" WHERE "anime_id" = NEW."id" AND "alias" IS NULL;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "channel_title_changed" AFTER UPDATE OF "title" ON "channel" FOR EACH ROW WHEN (OLD."title" IS DISTINCT FROM NEW."title") EXECUTE FUNCTION "catalogue_title_changed"();--> statement-breakpoint
CREATE TRIGGER "anime_title_changed" AFTER UPDATE OF "title" ON "anime" FOR EACH ROW WHEN (OLD."title" IS DISTINCT FROM NEW."title") EXECUTE FUNCTION "catalogue_title_changed"();--> statement-breakpoint
UPDATE "library_entry" SET "display_title" = coalesce(
  "alias",
  (SELECT "title" FROM "channel" WHERE "channel"."id" = "library_entry"."channel_id"),
  (SELECT "title" FROM "anime" WHERE "anime"."id" = "library_entry"."anime_id"),
  ''
);--> statement-breakpoint
CREATE INDEX "library_entry_title_order_idx" ON "library_entry" USING btree ("user_id","kind","display_title","id");
