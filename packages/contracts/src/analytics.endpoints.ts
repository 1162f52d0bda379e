import {
  analyticsEventsBody,
  analyticsEventsResponse,
  podcastProgressQuery,
  podcastProgressResponse,
} from './analytics';
import { defineEndpoint } from './endpoint';

/** Listening analytics: the podcast player's progress events, and where a member stopped. */
export const analyticsEndpoints = {
  events: defineEndpoint({
    method: 'POST',
    path: '/api/analytics/events',
    summary: 'Podcast progress events: a multipart file field `file`, one JSON line each, CRLF-terminated',
    description:
      'All lines are kept in one transaction or none: one bad line refuses the file (400, `fields` names ' +
      '`file.<line>.<field>`). A line repeating one already kept (same device `d`, publication `id` and `t`) ' +
      "is skipped. Events are kept as the caller's (a visitor's: nobody's); a line whose `u` names another " +
      'member is skipped.',
    tags: ['analytics'],
    auth: 'optional',
    bodyType: 'multipart',
    body: analyticsEventsBody,
    response: analyticsEventsResponse,
  }),
  podcastProgress: defineEndpoint({
    method: 'GET',
    path: '/api/analytics/podcast-progress',
    summary:
      "Where the member stopped in episodes: the latest progress event of each, from any of the member's devices",
    tags: ['analytics'],
    auth: 'required',
    query: podcastProgressQuery,
    response: podcastProgressResponse,
  }),
};
