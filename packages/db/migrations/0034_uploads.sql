CREATE TABLE "uploads_file" (
	"id" text PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"size" bigint NOT NULL,
	"sniffed_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"taken_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "uploads_file_staff_idx" ON "uploads_file" USING btree ("staff_id","created_at");