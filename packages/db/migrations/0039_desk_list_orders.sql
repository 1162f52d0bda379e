DROP INDEX "catalog_book_updated_idx";--> statement-breakpoint
CREATE INDEX "catalog_book_title_order_idx" ON "catalog_book" USING btree (lower("title"),"id");--> statement-breakpoint
CREATE INDEX "catalog_book_status_title_idx" ON "catalog_book" USING btree ("status",lower("title"),"id");--> statement-breakpoint
CREATE INDEX "catalog_book_status_updated_idx" ON "catalog_book" USING btree ("status","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "catalog_book_published_order_idx" ON "catalog_book" USING btree ("published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "catalog_book_no_file_title_idx" ON "catalog_book" USING btree (lower("title"),"id") WHERE "catalog_book"."audio_seconds" is null and "catalog_book"."ebook_pages" is null;--> statement-breakpoint
CREATE INDEX "catalog_book_no_file_updated_idx" ON "catalog_book" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "catalog_book"."audio_seconds" is null and "catalog_book"."ebook_pages" is null;--> statement-breakpoint
CREATE INDEX "catalog_book_no_file_published_idx" ON "catalog_book" USING btree ("published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "catalog_book"."audio_seconds" is null and "catalog_book"."ebook_pages" is null;--> statement-breakpoint
CREATE INDEX "catalog_book_updated_idx" ON "catalog_book" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);