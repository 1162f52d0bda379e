import { defineEndpoint } from './endpoint';
import { idParams, keyParams } from './http';
import { podcastSeriesResponse, publicationResponse, publicationsQuery, publicationsResponse } from './podcasts';

const shared = { method: 'GET', tags: ['podcasts'], publicCache: true } as const;

/** Podcast series and their episodes ("publications"). */
export const podcastsEndpoints = {
  podcastSeries: defineEndpoint({
    ...shared,
    path: '/api/podcast_series/v3/:id',
    summary: 'A podcast series (channel), by id or `slug:{slug}`',
    params: keyParams,
    response: podcastSeriesResponse,
  }),
  publication: defineEndpoint({
    ...shared,
    path: '/api/publications/:id',
    summary: 'A podcast episode, with its series and stream URL (audio/mpeg)',
    params: idParams,
    response: publicationResponse,
  }),
  publications: defineEndpoint({
    ...shared,
    path: '/api/publications',
    summary: "A series' episodes, newest first (`filter[slug]` picks one)",
    query: publicationsQuery,
    response: publicationsResponse,
  }),
};
