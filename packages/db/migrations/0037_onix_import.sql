CREATE TABLE "catalog_import_record" (
	"source" text NOT NULL,
	"record_reference" text NOT NULL,
	"book_id" integer NOT NULL,
	"format" text NOT NULL,
	"isbn" text,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_import_record_source_record_reference_pk" PRIMARY KEY("source","record_reference")
);
--> statement-breakpoint
ALTER TABLE "catalog_import_record" ADD CONSTRAINT "catalog_import_record_book_id_catalog_book_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."catalog_book"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_import_record_book_idx" ON "catalog_import_record" USING btree ("book_id");