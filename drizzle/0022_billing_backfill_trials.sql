-- Custom (issue 26): accounts made before billing start the same 14-day Pro trial a sign-up gets,
-- counted from this migration, so nobody meets a limit the day billing arrives.
INSERT INTO "subscription" ("user_id", "plan", "status", "trial_ends_at")
SELECT "id", 'pro', 'trialing', now() + interval '14 days' FROM "user"
ON CONFLICT ("user_id") DO NOTHING;
