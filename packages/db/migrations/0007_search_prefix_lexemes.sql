-- Matching moves to a `terms` vector that holds the head's words and their prefixes as lexemes of
-- their own (exact GIN lookups instead of `:*` partial matches), and "yo" now folds to e.
-- Documents built the old way cannot answer the new queries: the index is emptied, and the
-- server rebuilds it at start-up (search.reindex).
DELETE FROM "search_document";--> statement-breakpoint
DELETE FROM "search_term";--> statement-breakpoint
DELETE FROM "search_term_variant";--> statement-breakpoint
DROP INDEX "search_document_head_idx";--> statement-breakpoint
ALTER TABLE "search_document" ADD COLUMN "terms" "tsvector" NOT NULL;--> statement-breakpoint
CREATE INDEX "search_document_terms_idx" ON "search_document" USING gin ("terms");--> statement-breakpoint
CREATE INDEX "search_document_title_prefix_idx" ON "search_document" USING btree ("title_key" text_pattern_ops);