-- Published read models: what a module lets others read of its data, as views over its own
-- tables (packages/db/src/schema/published). Other modules read these, never the tables.

-- commerce: the terms of every offer on sale now, one row per item and format. A simple view,
-- so PostgreSQL merges it into the statement that reads it (and uses the partial index on
-- active offers).
CREATE VIEW commerce_offer_terms AS
SELECT o.item_type, o.item_id, o.format,
       json_build_object(
         'itemId', o.item_id, 'format', o.format, 'priceMnt', o.price_mnt,
         'originalPriceMnt', o.original_price_mnt, 'creditPrice', o.credit_price,
         'rentalPriceMnt', o.rental_price_mnt, 'rentalDays', o.rental_days,
         'subscriptionScopes', o.subscription_scopes) AS terms
  FROM commerce_offer o
 WHERE o.active
   AND (o.starts_at IS NULL OR o.starts_at <= now())
   AND (o.ends_at IS NULL OR o.ends_at > now());
--> statement-breakpoint

-- catalog: the card of every published book and summary (the keys of the catalogue's own card
-- queries; a test holds the two to each other).
CREATE VIEW catalog_book_card AS
SELECT b.id,
       json_build_object(
         'id', b.id, 'slug', b.slug, 'kind', b.kind, 'title', b.title,
         'shortDescription', b.short_description, 'likesCount', b.likes_count,
         'coverKey', b.cover_key, 'coverColor', b.cover_color, 'ratingAvg', b.rating_avg,
         'durationSeconds', b.audio_seconds, 'pages', b.ebook_pages, 'authors', b.card_authors,
         'offers', (SELECT coalesce(json_agg(t.terms ORDER BY t.format), '[]')
                      FROM commerce_offer_terms t
                     WHERE t.item_type = 'book' AND t.item_id = b.id)) AS card
  FROM catalog_book b
 WHERE b.status = 'published';
--> statement-breakpoint

CREATE VIEW catalog_summary_card AS
SELECT s.id,
       json_build_object(
         'id', s.id, 'slug', s.slug, 'title', s.title, 'coverKey', s.cover_key,
         'coverColor', s.cover_color, 'readingMinutes', s.reading_minutes, 'authors', s.card_authors,
         'offers', (SELECT coalesce(json_agg(t.terms ORDER BY t.format), '[]')
                      FROM commerce_offer_terms t
                     WHERE t.item_type = 'summary' AND t.item_id = s.id)) AS card
  FROM catalog_summary s
 WHERE s.status = 'published';
