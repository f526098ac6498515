CREATE TABLE "notification_cursor" (
	"name" text PRIMARY KEY NOT NULL,
	"after_at" timestamp with time zone NOT NULL,
	"after_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;