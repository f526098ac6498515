-- Hand-written data migration (not generated): imports still looking up keep
-- what they found, moved from the old jsonb column into one row per key.
-- Values are a channel id (json string) or json null.
INSERT INTO "data_import_resolved" ("import_id", "key", "channel_id")
SELECT "data_import"."id", "entry"."key", "entry"."value" #>> '{}'
FROM "data_import", jsonb_each("data_import"."resolved") AS "entry"
WHERE jsonb_typeof("data_import"."resolved") = 'object'
ON CONFLICT DO NOTHING;
