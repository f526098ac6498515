CREATE TABLE "channel_feed" (
	"channel_id" text PRIMARY KEY NOT NULL,
	"etag" text,
	"last_modified" text,
	"checked_at" timestamp with time zone,
	"fetched_at" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"retry_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_stat" (
	"channel_id" text NOT NULL,
	"day" date NOT NULL,
	"subscriber_count" bigint,
	"view_count" bigint,
	"video_count" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_stat_channel_id_day_pk" PRIMARY KEY("channel_id","day")
);
--> statement-breakpoint
CREATE TABLE "group_visit" (
	"user_id" text NOT NULL,
	"group_id" uuid NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_visit_user_id_group_id_pk" PRIMARY KEY("user_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "job_schedule" (
	"name" text PRIMARY KEY NOT NULL,
	"cron" text NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_run_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video" (
	"id" text PRIMARY KEY NOT NULL,
	"channel_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"thumbnail_url" text,
	"is_short" boolean DEFAULT false NOT NULL,
	"view_count" bigint,
	"published_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_watch" (
	"user_id" text NOT NULL,
	"video_id" text NOT NULL,
	"watched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_watch_user_id_video_id_pk" PRIMARY KEY("user_id","video_id")
);
--> statement-breakpoint
CREATE TABLE "youtube_batch_etag" (
	"key" text PRIMARY KEY NOT NULL,
	"etag" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "youtube_connection" (
	"user_id" text PRIMARY KEY NOT NULL,
	"channel_id" text,
	"channel_title" text,
	"access_token" text NOT NULL,
	"refresh_token" text,
	"expires_at" timestamp with time zone,
	"scope" text NOT NULL,
	"last_import_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "youtube_quota" (
	"day" date NOT NULL,
	"purpose" text NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "youtube_quota_day_purpose_pk" PRIMARY KEY("day","purpose")
);
--> statement-breakpoint
ALTER TABLE "anime" ADD COLUMN "latest_episode" integer;--> statement-breakpoint
ALTER TABLE "anime" ADD COLUMN "latest_episode_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "channel_feed" ADD CONSTRAINT "channel_feed_channel_id_channel_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channel"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_stat" ADD CONSTRAINT "channel_stat_channel_id_channel_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channel"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_visit" ADD CONSTRAINT "group_visit_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_visit" ADD CONSTRAINT "group_visit_group_id_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video" ADD CONSTRAINT "video_channel_id_channel_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channel"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_watch" ADD CONSTRAINT "video_watch_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_watch" ADD CONSTRAINT "video_watch_video_id_video_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."video"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "youtube_connection" ADD CONSTRAINT "youtube_connection_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channel_feed_checked_idx" ON "channel_feed" USING btree ("checked_at");--> statement-breakpoint
CREATE INDEX "channel_stat_day_idx" ON "channel_stat" USING btree ("day");--> statement-breakpoint
CREATE INDEX "group_visit_group_id_idx" ON "group_visit" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "video_channel_published_idx" ON "video" USING btree ("channel_id","published_at");--> statement-breakpoint
CREATE INDEX "video_watch_video_id_idx" ON "video_watch" USING btree ("video_id");