ALTER TABLE "channel" ADD COLUMN "confirmed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- HAND-WRITTEN DATA MIGRATION (keep when regenerating): rows only an import file ever wrote
-- (never synced, no YouTube facts at all) held the file's title and avatar for every user to see.
-- They become unconfirmed: the id stands for the title until YouTube answers for the channel
-- (the daily sync or the next look-up); the display-title trigger follows the change.
UPDATE "channel" SET "confirmed" = false, "title" = "id", "avatar_url" = NULL
WHERE "last_synced_at" IS NULL AND "etag" IS NULL AND "description" = ''
  AND "subscriber_count" IS NULL AND "view_count" IS NULL AND "video_count" IS NULL
  AND "country" IS NULL;
