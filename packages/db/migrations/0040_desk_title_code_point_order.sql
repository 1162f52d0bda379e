DROP INDEX "catalog_book_title_prefix_idx";--> statement-breakpoint
DROP INDEX "catalog_book_title_order_idx";--> statement-breakpoint
DROP INDEX "catalog_book_status_title_idx";--> statement-breakpoint
DROP INDEX "catalog_book_no_file_title_idx";--> statement-breakpoint
CREATE INDEX "catalog_book_title_order_idx" ON "catalog_book" USING btree (lower("title") collate "C","id");--> statement-breakpoint
CREATE INDEX "catalog_book_status_title_idx" ON "catalog_book" USING btree ("status",lower("title") collate "C","id");--> statement-breakpoint
CREATE INDEX "catalog_book_no_file_title_idx" ON "catalog_book" USING btree (lower("title") collate "C","id") WHERE "catalog_book"."audio_seconds" is null and "catalog_book"."ebook_pages" is null;