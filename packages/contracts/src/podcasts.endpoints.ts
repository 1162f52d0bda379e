import { defineEndpoint } from './endpoint';
import { idParams, keyParams } from './http';
import {
  podcastFeedImportResponse,
  podcastFeedParams,
  podcastFeedRequest,
  podcastFeedsResponse,
  podcastSeriesResponse,
  publicationResponse,
  publicationsQuery,
  publicationsResponse,
} from './podcasts';

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

/** The back office's podcasts (editors): channels added and refreshed by their RSS feed (docs/podcasts.md). */
export const podcastFeedEndpoints = {
  feeds: defineEndpoint({
    method: 'GET',
    path: '/api/staff/podcasts',
    tags: ['staff'],
    summary: 'The channels added by feed, with when each was last read and why it failed (editors)',
    response: podcastFeedsResponse,
    staff: ['editor'],
  }),
  addFeed: defineEndpoint({
    method: 'POST',
    path: '/api/staff/podcasts',
    tags: ['staff'],
    summary:
      'Adds a channel by its RSS feed (http(s), iTunes tags), importing its episodes; one added already is read again (editors)',
    body: podcastFeedRequest,
    response: podcastFeedImportResponse,
    staff: ['editor'],
  }),
  refreshFeed: defineEndpoint({
    method: 'POST',
    path: '/api/staff/podcasts/:id/refresh',
    tags: ['staff'],
    summary:
      "Reads a channel's feed now (If-None-Match / If-Modified-Since): new episodes added, changed ones updated (editors)",
    params: podcastFeedParams,
    response: podcastFeedImportResponse,
    staff: ['editor'],
  }),
};
