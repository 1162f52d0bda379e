-- The description table carries the head vector too, so a match is ranked from the rows its
-- scans found instead of looking each one up in `search_document` by key (a third of a
-- search's time). The table is written anew with its documents' heads, in static-rank order
-- (capped scans rely on it, search.repository.ts), which an UPDATE would not keep; its
-- indexes are then made as migrations 0008 and 0009 made them.
CREATE TABLE "search_text_0010" (LIKE "search_text" INCLUDING DEFAULTS) WITH (parallel_workers = 0);--> statement-breakpoint
ALTER TABLE "search_text_0010" ADD COLUMN "head" "tsvector" NOT NULL;--> statement-breakpoint
INSERT INTO "search_text_0010"
  SELECT t.*, coalesce(d."head", ''::tsvector) FROM "search_text" t
  LEFT JOIN "search_document" d ON d."kind" = t."kind" AND d."item_id" = t."item_id"
  ORDER BY t."popularity" DESC, t."kind", t."item_id";--> statement-breakpoint
DROP TABLE "search_text";--> statement-breakpoint
ALTER TABLE "search_text_0010" RENAME TO "search_text";--> statement-breakpoint
ALTER TABLE "search_text" ADD CONSTRAINT "search_text_kind_item_id_pk" PRIMARY KEY("kind","item_id");--> statement-breakpoint
CREATE INDEX "search_text_body_idx" ON "search_text" USING gin ("body");--> statement-breakpoint
CREATE INDEX "search_text_episode_body_idx" ON "search_text" USING gin ("body") WHERE (kind || '') = 'episode';--> statement-breakpoint
CREATE INDEX "search_text_summary_body_idx" ON "search_text" USING gin ("body") WHERE (kind || '') = 'summary';--> statement-breakpoint
ANALYZE "search_text";
