ALTER TABLE "catalog_summary" ALTER COLUMN "audio_duration_seconds" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_summary" ALTER COLUMN "audio_file" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_summary" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "catalog_summary" SET "updated_at" = "published_at";--> statement-breakpoint
CREATE INDEX "catalog_summary_updated_idx" ON "catalog_summary" USING btree ("updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "catalog_summary_title_prefix_idx" ON "catalog_summary" USING btree (lower("title") text_pattern_ops,"id");