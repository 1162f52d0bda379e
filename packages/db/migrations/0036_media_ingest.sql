CREATE TABLE "media_ingest" (
	"item_type" text NOT NULL,
	"item_id" integer NOT NULL,
	"status" text NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"files" json DEFAULT '[]'::json NOT NULL,
	"error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_ingest_item_type_item_id_pk" PRIMARY KEY("item_type","item_id")
);
