ALTER TABLE "data_import" ADD COLUMN "error_params" jsonb;--> statement-breakpoint
ALTER TABLE "subscription" ADD COLUMN "stripe_event_at" timestamp with time zone;