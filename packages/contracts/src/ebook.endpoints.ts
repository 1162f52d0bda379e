import { ebookPlaylistResponse, ebookResourceQuery, summaryPlaylistResponse } from './ebook';
import { defineEndpoint } from './endpoint';
import { idParams } from './http';

/** Anyone may ask; what they get depends on what their session holds (the sample, or all). */
const reader = { method: 'GET', auth: 'optional', tags: ['reader'] } as const;

/** The e-book reader's manifest and resources, and a summary's text (spec section 7, verbatim paths). */
export const ebookEndpoints = {
  bookPlaylist: defineEndpoint({
    ...reader,
    path: '/v5/drm/book/:id/playlist',
    summary: "An e-book's manifest for the reader: the whole book to a session it is granted to, else the sample",
    description:
      "Metadata, spine in reading order (each item `readable` or not by this session), table of contents and resources with their URLs. Without the e-book the answer has `sample: true` and lists only the first chapter and what it uses. 422 (`BUSINESS_RULE`) when the book's file cannot be opened (staff are told in the log).",
    params: idParams,
    response: ebookPlaylistResponse,
  }),
  bookResource: defineEndpoint({
    ...reader,
    path: '/v5/drm/book/:id/resource',
    summary: 'One resource of an e-book (a chapter, a stylesheet, an image), with its own content type',
    description:
      "`path` is a resource path of the manifest. 403 for a resource outside the sample to a session without the e-book; 404 for a path the book does not have; 422 when the book's file cannot be opened. Obfuscated fonts come de-obfuscated.",
    params: idParams,
    query: ebookResourceQuery,
    response: 'text',
  }),
  summaryPlaylist: defineEndpoint({
    ...reader,
    path: '/v5/drm/summary/:id/playlist',
    summary: "A summary's text for reading: all of it to a session it is granted to, else the first paragraphs",
    params: idParams,
    response: summaryPlaylistResponse,
  }),
};
