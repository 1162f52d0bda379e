-- Documents split in two. `search_document` keeps only what a match is counted, filtered and
-- ordered by, plus the folded texts; its word index is an expression index over
-- `search_terms(...)`, so the prefix lexemes live only in the index and a row is about 450
-- bytes instead of 1.8 KB. The description moves to `search_text`.
-- The table is made anew (compact) and empty; the server rebuilds the index at start-up
-- (search.reindex).
DELETE FROM "search_term";--> statement-breakpoint
DELETE FROM "search_term_variant";--> statement-breakpoint
DROP TABLE "search_document";--> statement-breakpoint
-- Every word of the three texts and its prefixes of 1 to 10 letters, one short of the word,
-- marked with '*' (query-plan.ts's indexedPrefixes says the same; search-terms.test.ts checks).
-- The cost tells the planner that computing it for a row is dear (about 0.1 ms): filtering
-- another index's walk on it must not look cheaper than the GIN index.
CREATE FUNCTION search_terms(title text, names text, meta text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT COST 1000
  AS $$
    SELECT strip(to_tsvector('simple', title || ' ' || names || ' ' || meta)) || coalesce((
      SELECT array_to_tsvector(array_agg(DISTINCT left(word, n) || '*'))
      FROM unnest(string_to_array(title || ' ' || names || ' ' || meta, ' ')) AS word,
        generate_series(1, least(length(word) - 1, 10)) AS n
    ), ''::tsvector)
  $$;--> statement-breakpoint
-- Searches are many and small: no parallel workers (which that cost would otherwise invite).
CREATE TABLE "search_document" (
	"kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"has_audio" boolean DEFAULT false NOT NULL,
	"has_ebook" boolean DEFAULT false NOT NULL,
	"category_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"title_key" text NOT NULL,
	"popularity" real DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"names_key" text DEFAULT '' NOT NULL,
	"meta_key" text DEFAULT '' NOT NULL,
	"head" "tsvector" NOT NULL,
	CONSTRAINT "search_document_kind_item_id_pk" PRIMARY KEY("kind","item_id")
) WITH (parallel_workers = 0);
--> statement-breakpoint
CREATE TABLE "search_text" (
	"kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"has_audio" boolean DEFAULT false NOT NULL,
	"has_ebook" boolean DEFAULT false NOT NULL,
	"category_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"title_key" text NOT NULL,
	"popularity" real DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"body" "tsvector" NOT NULL,
	CONSTRAINT "search_text_kind_item_id_pk" PRIMARY KEY("kind","item_id")
) WITH (parallel_workers = 0);
--> statement-breakpoint
CREATE INDEX "search_document_terms_idx" ON "search_document" USING gin (search_terms("title_key", "names_key", "meta_key"));--> statement-breakpoint
CREATE INDEX "search_document_title_trgm_idx" ON "search_document" USING gin ("title_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_document_title_prefix_idx" ON "search_document" USING btree ("title_key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "search_document_popularity_idx" ON "search_document" USING btree ("popularity" DESC NULLS FIRST,"kind","item_id");--> statement-breakpoint
CREATE INDEX "search_text_body_idx" ON "search_text" USING gin ("body");
