CREATE TABLE "rate_limit_window" (
	"bucket" text NOT NULL,
	"key_hash" text NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limit_window_bucket_key_hash_pk" PRIMARY KEY("bucket","key_hash")
);
--> statement-breakpoint
CREATE INDEX "rate_limit_window_reset_at_idx" ON "rate_limit_window" USING btree ("reset_at");