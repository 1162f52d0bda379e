-- The popular lists read a per-day rollup of the search log instead of aggregating the log
-- itself (which grows with every search: 0.3 s of PostgreSQL CPU at half a million rows, twice
-- a minute per process). A statement trigger folds each insert into it, so every writer of the
-- log (the buffered writer, a test, an import) keeps it right.
CREATE TABLE "search_query_day" (
	"day" date NOT NULL,
	"query" text NOT NULL,
	"searches" integer NOT NULL,
	"results_count" integer NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "search_query_day_day_query_pk" PRIMARY KEY("day","query")
);
--> statement-breakpoint
CREATE FUNCTION search_query_day_follow() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    -- rows in key order, so two writers folding the same queries lock them in the same order
    INSERT INTO search_query_day AS d (day, query, searches, results_count, last_at)
    SELECT day, query, searches, results_count, last_at
    FROM (
      SELECT (created_at AT TIME ZONE 'UTC')::date AS day, query, count(*)::int AS searches,
        (array_agg(results_count ORDER BY created_at DESC))[1] AS results_count, max(created_at) AS last_at
      FROM new_rows WHERE results_count > 0
      GROUP BY 1, 2
    ) folded
    ORDER BY day, query
    ON CONFLICT (day, query) DO UPDATE SET
      searches = d.searches + excluded.searches,
      results_count = CASE WHEN excluded.last_at >= d.last_at THEN excluded.results_count ELSE d.results_count END,
      last_at = greatest(d.last_at, excluded.last_at);
    RETURN NULL;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER search_query_day_follow AFTER INSERT ON search_query_log
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_query_day_follow();--> statement-breakpoint
INSERT INTO search_query_day (day, query, searches, results_count, last_at)
SELECT (created_at AT TIME ZONE 'UTC')::date, query, count(*)::int,
  (array_agg(results_count ORDER BY created_at DESC))[1], max(created_at)
FROM search_query_log WHERE results_count > 0
GROUP BY 1, 2;
