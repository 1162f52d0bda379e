import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';

export const SANDBOX_FEEDS_PATH = '/sandbox/podcasts';

/**
 * Podcast feeds for the sandbox, as a podcast host serves them: RSS 2.0 with the iTunes tags
 * (`itunes:author`, `itunes:image`, `itunes:duration`, `itunes:episode`, `itunes:explicit`),
 * CDATA descriptions with HTML, an ETag and Last-Modified, and 304 to a request that sends
 * either back unchanged.
 *
 * - `GET /sandbox/podcasts/long.rss`: 1 500 episodes; `short.rss`: 12
 * - `POST /sandbox/podcasts/{name}/publish`: one more episode on that feed (its ETag changes)
 * - `POST /sandbox/podcasts/{name}/rename` `{ title }`: its first episode gets another title
 *
 * The enclosures are the store's own demo recordings, so an imported episode plays offline.
 */
export const sandboxPodcastFeeds: FastifyPluginAsync<{ publicBaseUrl: string; audioUrls: readonly string[] }> = async (
  app,
  { publicBaseUrl, audioUrls },
) => {
  const feeds = {
    long: {
      title: 'Номсан ярилцлага',
      author: 'Номсан студи',
      episodes: 1500,
      extra: 0,
      renamed: null as string | null,
    },
    short: { title: 'Өглөөний ном', author: 'Ном уншигчид', episodes: 12, extra: 0, renamed: null as string | null },
  };
  type Name = keyof typeof feeds;
  const name = z.object({ name: z.enum(['long', 'short']) });
  // a fixed start, so the same feed is the same document from one start to the next
  const FIRST = Date.UTC(2020, 0, 6, 2, 0, 0);
  const WEEK = 7 * 24 * 3600 * 1000;

  const escape = (text: string) =>
    text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

  function render(which: Name): { xml: string; etag: string; lastModified: string } {
    const feed = feeds[which];
    const count = feed.episodes + feed.extra;
    const items: string[] = [];
    for (let n = count; n >= 1; n--) {
      const published = new Date(FIRST + (n - 1) * (which === 'long' ? 24 * 3600 * 1000 : WEEK));
      const title = n === 1 && feed.renamed ? feed.renamed : `${feed.title}: ${n}-р дугаар`;
      const audio = audioUrls[n % audioUrls.length]!;
      items.push(`    <item>
      <title>${escape(title)}</title>
      <guid isPermaLink="false">${which}-${n}</guid>
      <pubDate>${published.toUTCString()}</pubDate>
      <description><![CDATA[<p>${n}-р дугаарт <b>ном</b> уншихын ач тусын тухай ярилцав.</p><p>Зочин: уншигч ${n}</p>]]></description>
      <enclosure url="${escape(new URL(audio, publicBaseUrl).toString())}" length="${400_000 + n}" type="audio/mpeg"/>
      <itunes:duration>${n % 3 === 0 ? `00:00:${String(30 + (n % 20)).padStart(2, '0')}` : String(30 + (n % 20))}</itunes:duration>
      <itunes:episode>${n}</itunes:episode>
      <itunes:explicit>false</itunes:explicit>
    </item>`);
    }
    const lastModified = new Date(FIRST + count * 60_000).toUTCString();
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:content="http://purl.org/rss/1.0/modules/content/">
  <channel>
    <title>${escape(feed.title)}</title>
    <link>${escape(publicBaseUrl)}</link>
    <language>mn</language>
    <description>${escape(`${feed.title}: номын тухай ярилцлага, долоо хоног бүр.`)}</description>
    <itunes:author>${escape(feed.author)}</itunes:author>
    <itunes:image href="${escape(new URL('/favicon.svg', publicBaseUrl).toString())}"/>
    <itunes:category text="Arts"><itunes:category text="Books"/></itunes:category>
${items.join('\n')}
  </channel>
</rss>
`;
    const etag = `"${createHash('sha1').update(xml).digest('base64url').slice(0, 16)}"`;
    return { xml, etag, lastModified };
  }

  app.get(`${SANDBOX_FEEDS_PATH}/:file`, { schema: { hide: true } }, async (request, reply) => {
    const which = /^(long|short)\.rss$/.exec((request.params as { file: string }).file)?.[1] as Name | undefined;
    if (!which) return reply.status(404).type('text/plain').send('no such feed');
    const { xml, etag, lastModified } = render(which);
    reply.header('etag', etag).header('last-modified', lastModified).header('cache-control', 'no-cache');
    if (request.headers['if-none-match'] === etag || request.headers['if-modified-since'] === lastModified) {
      return reply.status(304).send();
    }
    return reply.type('application/rss+xml; charset=utf-8').send(xml);
  });

  app.post(`${SANDBOX_FEEDS_PATH}/:name/publish`, { schema: { hide: true } }, async (request, reply) => {
    const parsed = name.safeParse(request.params);
    if (!parsed.success) return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Ийм RSS алга.' } });
    feeds[parsed.data.name].extra += 1;
    return { data: { episodes: feeds[parsed.data.name].episodes + feeds[parsed.data.name].extra } };
  });

  app.post(`${SANDBOX_FEEDS_PATH}/:name/rename`, { schema: { hide: true } }, async (request, reply) => {
    const parsed = name.safeParse(request.params);
    const body = z.object({ title: z.string().min(1).max(200) }).safeParse(request.body);
    if (!parsed.success || !body.success) {
      return reply.status(400).send({ error: { code: 'VALIDATION_ERROR', message: 'Гарчиг буруу байна.' } });
    }
    feeds[parsed.data.name].renamed = body.data.title;
    return { data: { ok: true } };
  });
};
