ALTER TABLE "catalog_book" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "catalog_book_updated_idx" ON "catalog_book" USING btree ("updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "catalog_book_title_prefix_idx" ON "catalog_book" USING btree (lower("title") text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "catalog_book_publish_at_idx" ON "catalog_book" USING btree ("publish_at") WHERE "catalog_book"."publish_at" is not null;