-- The podcast and summary tabs of a common word: partial indexes of those few documents, so
-- a tab's capped scan finds its matches among its own kind instead of reading every match of
-- the word. The predicate is written as search writes a tab's test (`kind || ''`), which the
-- primary key cannot serve (search.repository.ts, typeCondition).
CREATE INDEX "search_document_episode_terms_idx" ON "search_document" USING gin (search_terms("title_key", "names_key", "meta_key")) WHERE (kind || '') = 'episode';--> statement-breakpoint
CREATE INDEX "search_document_summary_terms_idx" ON "search_document" USING gin (search_terms("title_key", "names_key", "meta_key")) WHERE (kind || '') = 'summary';--> statement-breakpoint
CREATE INDEX "search_text_episode_body_idx" ON "search_text" USING gin ("body") WHERE (kind || '') = 'episode';--> statement-breakpoint
CREATE INDEX "search_text_summary_body_idx" ON "search_text" USING gin ("body") WHERE (kind || '') = 'summary';