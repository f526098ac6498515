CREATE TABLE "group_trash" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"parent_id" uuid,
	"name" text NOT NULL,
	"path" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"subgroup_count" integer DEFAULT 0 NOT NULL,
	"item_count" integer DEFAULT 0 NOT NULL,
	"trashed_by" text,
	"trashed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rows" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "group_trash" ADD CONSTRAINT "group_trash_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_trash" ADD CONSTRAINT "group_trash_trashed_by_user_id_fk" FOREIGN KEY ("trashed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_trash_owner_idx" ON "group_trash" USING btree ("owner_id","trashed_at");--> statement-breakpoint
CREATE INDEX "group_trash_trashed_at_idx" ON "group_trash" USING btree ("trashed_at");--> statement-breakpoint
CREATE INDEX "group_trash_trashed_by_idx" ON "group_trash" USING btree ("trashed_by");