import { z } from 'zod';
import { image } from './catalog';
import { envelope, idParam, MAX_ID, paginated, queryInt } from './http';
import { mn } from './messages';
import { episodeCard } from './search';

/** Podcast read models (spec section 7: podcast series and publications). */

export const podcastSeriesDetail = z.object({
  id: z.number().int(),
  slug: z.string(),
  type: z.literal('podcast'),
  title: z.string(),
  author: z.string(),
  description: z.string(),
  cover: image,
  episodes_count: z.number().int(),
});
export type PodcastSeriesDetail = z.infer<typeof podcastSeriesDetail>;
export const podcastSeriesResponse = envelope(podcastSeriesDetail);

/** An episode ("publication"): free to play, its `stream_url` is plain `audio/mpeg`. */
export const publication = episodeCard.extend({
  description: z.string(),
  number: z.number().int(),
  stream_url: z.string(),
  mime_type: z.literal('audio/mpeg'),
});
export type Publication = z.infer<typeof publication>;
export const publicationResponse = envelope(publication);
export const publicationsResponse = paginated(publication);

export const PUBLICATIONS_PAGE_SIZE = 10;
export const publicationsQuery = z.object({
  include: z.enum(['series']).optional(),
  'filter[series_id]': queryInt(1, MAX_ID),
  'filter[slug]': z
    .string()
    .regex(/^[a-z0-9-]{1,120}$/)
    .optional(),
  'page[size]': queryInt(1, 50).default(PUBLICATIONS_PAGE_SIZE),
  page: queryInt(1, 100_000).default(1),
});

// ---------------------------------------------------------------------------------------------
// The back office: channels added by their RSS feed (docs/podcasts.md)

/** A feed's address as staff paste it: http(s) only. */
export const feedUrl = z
  .string({ error: mn.podcastFeeds.urlInvalid })
  .trim()
  .max(2000, { error: mn.podcastFeeds.urlInvalid })
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password;
      } catch {
        return false;
      }
    },
    { error: mn.podcastFeeds.urlInvalid },
  );

export const podcastFeed = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  feed_url: z.string(),
  episodes_count: z.number().int(),
  /** when the feed was last read (null: never) */
  checked_at: z.string().nullable(),
  /** why the last read failed (null: it did not) */
  error: z.string().nullable(),
});
export type PodcastFeed = z.infer<typeof podcastFeed>;

export const podcastFeedRequest = z.object({ feed_url: feedUrl }).strict();
export type PodcastFeedRequest = z.input<typeof podcastFeedRequest>;
export const podcastFeedImportResponse = envelope(
  z.object({
    series: podcastFeed,
    created: z.number().int(),
    updated: z.number().int(),
    /** the feed had not changed since it was last read (304) */
    unchanged: z.boolean(),
  }),
);
export const podcastFeedsResponse = envelope(z.array(podcastFeed));
export const podcastFeedParams = z.object({ id: idParam });
