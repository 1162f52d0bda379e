ALTER TABLE "catalog_book" ADD COLUMN "card_authors" json DEFAULT '[]'::json NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_book" ADD COLUMN "audio_seconds" integer;--> statement-breakpoint
ALTER TABLE "catalog_book" ADD COLUMN "ebook_pages" integer;--> statement-breakpoint
ALTER TABLE "catalog_summary" ADD COLUMN "card_authors" json DEFAULT '[]'::json NOT NULL;--> statement-breakpoint
-- A card's authors and edition facts live on the book's row (and a summary's authors on its
-- row), so a card is one row and its offers instead of six index lookups. Triggers on the
-- tables they come from keep them true, whoever writes: the seed, a back-office edit, a
-- hand-written UPDATE. They are statement-level, so a batch of a thousand rows costs one
-- refresh, and a refresh leaves alone the rows that are already true.
-- The authors a card shows, in their order.
CREATE FUNCTION catalog_book_card_authors(book integer) RETURNS json
  LANGUAGE sql STABLE
  AS $$
    SELECT coalesce(json_agg(json_build_object('id', c.id, 'name', c.name, 'slug', c.slug) ORDER BY bc.position, c.id), '[]')
    FROM catalog_book_contributor bc JOIN catalog_contributor c ON c.id = bc.contributor_id
    WHERE bc.book_id = book AND bc.role = 'author'
  $$;--> statement-breakpoint
CREATE FUNCTION catalog_summary_card_authors(summary integer) RETURNS json
  LANGUAGE sql STABLE
  AS $$
    SELECT coalesce(json_agg(json_build_object('id', c.id, 'name', c.name, 'slug', c.slug) ORDER BY sc.position, c.id), '[]')
    FROM catalog_summary_contributor sc JOIN catalog_contributor c ON c.id = sc.contributor_id
    WHERE sc.summary_id = summary AND sc.role = 'author'
  $$;--> statement-breakpoint
-- Brings one part of these books' cards up to date: 'authors', 'audio' or 'ebook' (each
-- table's trigger refreshes what that table feeds, so a writer that sets the card columns with
-- the book, as the seed does, leaves every row alone whatever order it writes the rest in).
-- The rows are locked before their cards are read: a concurrent writer's refresh of the same
-- book waits here for this transaction, then reads (a fresh snapshot per statement) what it
-- wrote. Read first and locked at the update, the later writer would overwrite the earlier
-- one's authors with a list that lacks them.
CREATE FUNCTION catalog_refresh_book_cards(ids integer[], part text) RETURNS void
  LANGUAGE plpgsql
  AS $$
  BEGIN
    PERFORM 1 FROM catalog_book WHERE id = ANY (ids) ORDER BY id FOR UPDATE;
    IF part = 'authors' THEN
      UPDATE catalog_book b SET card_authors = f.authors
      FROM (SELECT t.id, catalog_book_card_authors(t.id) AS authors FROM (SELECT DISTINCT unnest(ids) AS id) t) f
      WHERE b.id = f.id AND b.card_authors::jsonb IS DISTINCT FROM f.authors::jsonb;
    ELSIF part = 'audio' THEN
      UPDATE catalog_book b SET audio_seconds = f.seconds
      FROM (SELECT t.id, (SELECT a.duration_seconds FROM catalog_audio_edition a WHERE a.book_id = t.id) AS seconds
            FROM (SELECT DISTINCT unnest(ids) AS id) t) f
      WHERE b.id = f.id AND b.audio_seconds IS DISTINCT FROM f.seconds;
    ELSIF part = 'ebook' THEN
      UPDATE catalog_book b SET ebook_pages = f.pages
      FROM (SELECT t.id, (SELECT e.pages FROM catalog_ebook_edition e WHERE e.book_id = t.id) AS pages
            FROM (SELECT DISTINCT unnest(ids) AS id) t) f
      WHERE b.id = f.id AND b.ebook_pages IS DISTINCT FROM f.pages;
    ELSE
      RAISE EXCEPTION 'unknown card part %', part;
    END IF;
  END
  $$;--> statement-breakpoint
CREATE FUNCTION catalog_refresh_summary_cards(ids integer[]) RETURNS void
  LANGUAGE sql
  AS $$
    SELECT 1 FROM catalog_summary WHERE id = ANY (ids) ORDER BY id FOR UPDATE;
    UPDATE catalog_summary s SET card_authors = f.authors
    FROM (SELECT t.id, catalog_summary_card_authors(t.id) AS authors FROM (SELECT DISTINCT unnest(ids) AS id) t) f
    WHERE s.id = f.id AND s.card_authors::jsonb IS DISTINCT FROM f.authors::jsonb
  $$;--> statement-breakpoint
-- For the tables keyed by book_id (contributor links, audio and e-book editions), each
-- naming the part it feeds.
CREATE FUNCTION catalog_book_cards_follow() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      PERFORM catalog_refresh_book_cards(ARRAY(SELECT book_id FROM new_rows), TG_ARGV[0]);
    ELSIF TG_OP = 'DELETE' THEN
      PERFORM catalog_refresh_book_cards(ARRAY(SELECT book_id FROM old_rows), TG_ARGV[0]);
    ELSE
      PERFORM catalog_refresh_book_cards(ARRAY(SELECT book_id FROM new_rows UNION SELECT book_id FROM old_rows), TG_ARGV[0]);
    END IF;
    RETURN NULL;
  END
  $$;--> statement-breakpoint
CREATE FUNCTION catalog_summary_cards_follow() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      PERFORM catalog_refresh_summary_cards(ARRAY(SELECT summary_id FROM new_rows));
    ELSIF TG_OP = 'DELETE' THEN
      PERFORM catalog_refresh_summary_cards(ARRAY(SELECT summary_id FROM old_rows));
    ELSE
      PERFORM catalog_refresh_summary_cards(ARRAY(SELECT summary_id FROM new_rows UNION SELECT summary_id FROM old_rows));
    END IF;
    RETURN NULL;
  END
  $$;--> statement-breakpoint
-- A renamed contributor (or a new slug) shows on the cards of their books and summaries;
-- any other change (likes, a bio) refreshes nothing.
CREATE FUNCTION catalog_contributor_cards_follow() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  DECLARE
    renamed integer[] := ARRAY(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.name, n.slug) IS DISTINCT FROM (o.name, o.slug));
  BEGIN
    IF cardinality(renamed) = 0 THEN
      RETURN NULL;
    END IF;
    PERFORM catalog_refresh_book_cards(ARRAY(SELECT book_id FROM catalog_book_contributor
      WHERE contributor_id = ANY (renamed) AND role = 'author'), 'authors');
    PERFORM catalog_refresh_summary_cards(ARRAY(SELECT summary_id FROM catalog_summary_contributor
      WHERE contributor_id = ANY (renamed) AND role = 'author'));
    RETURN NULL;
  END
  $$;--> statement-breakpoint
-- Three triggers a table (one with transition tables fires on one event only), each calling
-- the table's follow function with the part of the card it feeds.
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES
      ('catalog_book_contributor', 'catalog_book_cards_follow', 'authors'),
      ('catalog_audio_edition', 'catalog_book_cards_follow', 'audio'),
      ('catalog_ebook_edition', 'catalog_book_cards_follow', 'ebook'),
      ('catalog_summary_contributor', 'catalog_summary_cards_follow', 'authors')) AS v(tab, fn, part)
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows'
      ' FOR EACH STATEMENT EXECUTE FUNCTION %I(%L)', t.tab || '_cards_insert', t.tab, t.fn, t.part);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows'
      ' FOR EACH STATEMENT EXECUTE FUNCTION %I(%L)', t.tab || '_cards_update', t.tab, t.fn, t.part);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows'
      ' FOR EACH STATEMENT EXECUTE FUNCTION %I(%L)', t.tab || '_cards_delete', t.tab, t.fn, t.part);
  END LOOP;
END
$$;--> statement-breakpoint
CREATE TRIGGER catalog_contributor_cards_update AFTER UPDATE ON catalog_contributor
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_contributor_cards_follow();--> statement-breakpoint
-- the catalogue already written
UPDATE catalog_book b SET card_authors = catalog_book_card_authors(b.id),
  audio_seconds = (SELECT a.duration_seconds FROM catalog_audio_edition a WHERE a.book_id = b.id),
  ebook_pages = (SELECT e.pages FROM catalog_ebook_edition e WHERE e.book_id = b.id);--> statement-breakpoint
UPDATE catalog_summary s SET card_authors = catalog_summary_card_authors(s.id);
