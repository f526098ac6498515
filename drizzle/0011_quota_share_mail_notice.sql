CREATE TABLE "mail_notice" (
	"kind" text NOT NULL,
	"address_hash" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_notice_kind_address_hash_pk" PRIMARY KEY("kind","address_hash")
);
--> statement-breakpoint
CREATE TABLE "youtube_quota_user" (
	"day" date NOT NULL,
	"user_id" text NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "youtube_quota_user_day_user_id_pk" PRIMARY KEY("day","user_id")
);
--> statement-breakpoint
ALTER TABLE "youtube_quota_user" ADD CONSTRAINT "youtube_quota_user_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;