-- Hand-written data migration (issue 21 item 9), replacing the generated statements:
-- a link's secret used to be its primary key. The secret is hashed into token_hash
-- (sha256 of its UTF-8 text, hex, as the app computes it) so existing URLs keep
-- working, and the row gets a fresh uuid. Old links cannot be sealed here (the key
-- is not in the database): their sealed_token stays null and the owner cannot copy
-- them again.
ALTER TABLE "share_link" ADD COLUMN "token_hash" text;--> statement-breakpoint
UPDATE "share_link" SET "token_hash" = encode(sha256(convert_to("id", 'UTF8')), 'hex');--> statement-breakpoint
ALTER TABLE "share_link" ALTER COLUMN "token_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "share_link" ALTER COLUMN "id" SET DATA TYPE uuid USING gen_random_uuid();--> statement-breakpoint
-- End of the hand-written part; below as drizzle-kit generated it.
ALTER TABLE "share_link" ALTER COLUMN "id" SET DEFAULT gen_random_uuid();--> statement-breakpoint
ALTER TABLE "share_link" ADD COLUMN "sealed_token" text;--> statement-breakpoint
ALTER TABLE "share_link" ADD CONSTRAINT "share_link_token_hash_unique" UNIQUE("token_hash");
