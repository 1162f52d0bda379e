import { z } from 'zod';
import { image } from './catalog';
import { envelope, MAX_ID, paginated, queryInt } from './http';
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
