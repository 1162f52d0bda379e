import { defineEndpoint } from './endpoint';
import { idParams } from './http';
import {
  clearKeyRequest,
  clearKeyResponse,
  licenceHeaders,
  offlineLeaseRequest,
  offlineLeaseResponse,
  playbackResponse,
  playlistResponse,
  tokenQuery,
} from './media';

const media = { tags: ['media'] } as const;

/** A title's audio: playlists (spec paths, verbatim), playback sessions, the licence and HLS keys. */
export const mediaEndpoints = {
  bookPlaylist: defineEndpoint({
    ...media,
    method: 'GET',
    path: '/api/books/v3/:id/playlist',
    summary: "An audio book's chapters, packaged length and free preview",
    params: idParams,
    response: playlistResponse,
  }),
  englishBookPlaylist: defineEndpoint({
    ...media,
    method: 'GET',
    path: '/v5/english-books/:id/playlist',
    summary: "An English book's chapters, packaged length and free preview",
    params: idParams,
    response: playlistResponse,
  }),
  summaryPlaylist: defineEndpoint({
    ...media,
    method: 'GET',
    path: '/v5/summary/:id/playlist',
    summary: "A summary's audio: packaged length and free preview",
    params: idParams,
    response: playlistResponse,
  }),
  bookAudio: defineEndpoint({
    ...media,
    auth: 'optional',
    method: 'GET',
    path: '/v5/drm/book-audio/:id/mpd',
    summary:
      'A playback session of a book: the encrypted DASH/HLS manifests and a licence token for an entitled session, the free preview for everyone else',
    params: idParams,
    response: playbackResponse,
  }),
  summaryAudio: defineEndpoint({
    ...media,
    auth: 'optional',
    method: 'GET',
    path: '/v5/drm/summary-audio/:id/mpd',
    summary: 'A playback session of a summary (as for a book)',
    params: idParams,
    response: playbackResponse,
  }),
  licence: defineEndpoint({
    ...media,
    auth: 'optional',
    method: 'POST',
    path: '/v5/drm/licence',
    summary:
      'ClearKey licence (W3C EME JSON): the title key, only for the session the token was issued to, while it is entitled',
    headers: licenceHeaders,
    body: clearKeyRequest,
    response: clearKeyResponse,
  }),
  hlsPlaylist: defineEndpoint({
    ...media,
    auth: 'optional',
    method: 'GET',
    path: '/v5/drm/hls/playlist.m3u8',
    summary: 'The AES-128 HLS media playlist of a playback session (Safari), its key URI bound to the token',
    query: tokenQuery,
    response: 'text',
  }),
  offlineLease: defineEndpoint({
    ...media,
    auth: 'required',
    method: 'POST',
    path: '/v5/drm/offline-lease',
    summary:
      "A title's key for listening offline on this device, for a limited time (the member must be entitled; renewed online)",
    body: offlineLeaseRequest,
    response: offlineLeaseResponse,
  }),
  hlsKey: defineEndpoint({
    ...media,
    auth: 'optional',
    method: 'GET',
    path: '/v5/drm/hls/key',
    summary: 'The 16-byte AES-128 key of an HLS playlist, for the session the token was issued to',
    query: tokenQuery,
    response: 'text',
  }),
};
