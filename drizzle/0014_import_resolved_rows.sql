CREATE TABLE "data_import_resolved" (
	"import_id" uuid NOT NULL,
	"key" text NOT NULL,
	"channel_id" text,
	CONSTRAINT "data_import_resolved_import_id_key_pk" PRIMARY KEY("import_id","key")
);
--> statement-breakpoint
ALTER TABLE "data_import_resolved" ADD CONSTRAINT "data_import_resolved_import_id_data_import_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."data_import"("id") ON DELETE cascade ON UPDATE no action;