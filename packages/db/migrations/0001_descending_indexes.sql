DROP INDEX "catalog_book_kind_idx";--> statement-breakpoint
DROP INDEX "catalog_book_popularity_idx";--> statement-breakpoint
DROP INDEX "catalog_book_published_idx";--> statement-breakpoint
DROP INDEX "catalog_summary_popularity_idx";--> statement-breakpoint
DROP INDEX "podcast_episode_series_published_idx";--> statement-breakpoint
CREATE INDEX "catalog_book_kind_popularity_idx" ON "catalog_book" USING btree ("kind","status","popularity" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "catalog_book_popularity_idx" ON "catalog_book" USING btree ("status","popularity" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "catalog_book_published_idx" ON "catalog_book" USING btree ("status","published_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "catalog_summary_popularity_idx" ON "catalog_summary" USING btree ("status","popularity" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "podcast_episode_series_published_idx" ON "podcast_episode" USING btree ("series_id","published_at" DESC NULLS FIRST);