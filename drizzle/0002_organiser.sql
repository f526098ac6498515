CREATE TABLE "anime" (
	"id" text PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"poster_url" text,
	"anilist_id" integer,
	"seasons" integer,
	"episodes" integer,
	"year" integer,
	"genres" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"score" real,
	"status" text,
	"next_episode" integer,
	"next_airing_at" timestamp with time zone,
	"last_synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel" (
	"id" text PRIMARY KEY NOT NULL,
	"handle" text,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"avatar_url" text,
	"subscriber_count" bigint,
	"view_count" bigint,
	"video_count" integer,
	"hidden_subscriber_count" boolean DEFAULT false NOT NULL,
	"country" text,
	"last_synced_at" timestamp with time zone,
	"etag" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"parent_id" uuid,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"icon" text,
	"color" text,
	"position" text collate "C" NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_not_own_parent" CHECK ("group"."parent_id" is null or "group"."parent_id" <> "group"."id")
);
--> statement-breakpoint
CREATE TABLE "group_activity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"group_id" uuid,
	"actor_id" text,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_fold" (
	"user_id" text NOT NULL,
	"group_id" uuid NOT NULL,
	"expanded" boolean NOT NULL,
	CONSTRAINT "group_fold_user_id_group_id_pk" PRIMARY KEY("user_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "group_item" (
	"group_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"position" text collate "C" NOT NULL,
	"added_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_item_group_id_entry_id_pk" PRIMARY KEY("group_id","entry_id")
);
--> statement-breakpoint
CREATE TABLE "group_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"default_icon" text DEFAULT 'lucide:folder' NOT NULL,
	"default_color" text DEFAULT 'blue' NOT NULL,
	"default_sort" text DEFAULT 'manual' NOT NULL,
	"tree_expanded" boolean DEFAULT true NOT NULL,
	"show_counts" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "library_entry" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"channel_id" text,
	"anime_id" text,
	"alias" text,
	"notes" text DEFAULT '' NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "library_entry_one_target" CHECK (("library_entry"."kind" = 'channel' and "library_entry"."channel_id" is not null and "library_entry"."anime_id" is null) or ("library_entry"."kind" = 'anime' and "library_entry"."anime_id" is not null and "library_entry"."channel_id" is null))
);
--> statement-breakpoint
ALTER TABLE "group" ADD CONSTRAINT "group_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group" ADD CONSTRAINT "group_parent_id_group_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_activity" ADD CONSTRAINT "group_activity_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_activity" ADD CONSTRAINT "group_activity_group_id_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."group"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_activity" ADD CONSTRAINT "group_activity_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_fold" ADD CONSTRAINT "group_fold_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_fold" ADD CONSTRAINT "group_fold_group_id_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_item" ADD CONSTRAINT "group_item_group_id_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_item" ADD CONSTRAINT "group_item_entry_id_library_entry_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."library_entry"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_item" ADD CONSTRAINT "group_item_added_by_user_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_settings" ADD CONSTRAINT "group_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_entry" ADD CONSTRAINT "library_entry_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_entry" ADD CONSTRAINT "library_entry_channel_id_channel_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channel"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_entry" ADD CONSTRAINT "library_entry_anime_id_anime_id_fk" FOREIGN KEY ("anime_id") REFERENCES "public"."anime"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channel_handle_idx" ON "channel" USING btree (lower("handle"));--> statement-breakpoint
CREATE INDEX "group_owner_id_idx" ON "group" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "group_parent_id_idx" ON "group" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "group_sibling_name_key" ON "group" USING btree ("owner_id",coalesce("parent_id", '00000000-0000-0000-0000-000000000000'::uuid),"name_key");--> statement-breakpoint
CREATE UNIQUE INDEX "group_sibling_position_key" ON "group" USING btree ("owner_id",coalesce("parent_id", '00000000-0000-0000-0000-000000000000'::uuid),"position");--> statement-breakpoint
CREATE INDEX "group_activity_group_idx" ON "group_activity" USING btree ("group_id","created_at");--> statement-breakpoint
CREATE INDEX "group_activity_owner_idx" ON "group_activity" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "group_activity_actor_id_idx" ON "group_activity" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "group_fold_group_id_idx" ON "group_fold" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "group_item_entry_id_idx" ON "group_item" USING btree ("entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "group_item_position_key" ON "group_item" USING btree ("group_id","position");--> statement-breakpoint
CREATE INDEX "library_entry_user_id_idx" ON "library_entry" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "library_entry_user_channel_key" ON "library_entry" USING btree ("user_id","channel_id");--> statement-breakpoint
CREATE UNIQUE INDEX "library_entry_user_anime_key" ON "library_entry" USING btree ("user_id","anime_id");--> statement-breakpoint
CREATE INDEX "library_entry_channel_id_idx" ON "library_entry" USING btree ("channel_id");--> statement-breakpoint
CREATE INDEX "library_entry_anime_id_idx" ON "library_entry" USING btree ("anime_id");