CREATE TABLE "pending_lookup" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"payer_id" text NOT NULL,
	"ref_key" text NOT NULL,
	"ref" jsonb NOT NULL,
	"group_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"import_id" uuid,
	"reason" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "data_import" ADD COLUMN "lookup_issue" text;--> statement-breakpoint
ALTER TABLE "pending_lookup" ADD CONSTRAINT "pending_lookup_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_lookup" ADD CONSTRAINT "pending_lookup_payer_id_user_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_lookup" ADD CONSTRAINT "pending_lookup_import_id_data_import_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."data_import"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pending_lookup_owner_ref_idx" ON "pending_lookup" USING btree ("owner_id","ref_key");--> statement-breakpoint
CREATE INDEX "pending_lookup_payer_idx" ON "pending_lookup" USING btree ("payer_id");--> statement-breakpoint
CREATE INDEX "pending_lookup_import_idx" ON "pending_lookup" USING btree ("import_id");