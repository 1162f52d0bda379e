import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mn } from '@nomsan/contracts/messages';
import { podcastFeedImportResponse, podcastFeedsResponse } from '@nomsan/contracts/podcasts';
import { HOUR_MS } from '../../lib/clock';
import { isInsideAddress, outboundGet, OutboundRefused } from '../../lib/outbound-fetch';
import { createAccountsApp, type AccountsTestApp } from '../../test/accounts';
import { runQueuedJobs } from '../../test/jobs';
import { keptStaff, staffWith } from '../../test/staff';
import { podcastFeeds } from './podcast-feeds.service';
import { durationOf, parseFeed } from './rss';

const feed = (items: string, channel = '<title>Туршилт</title>') =>
  `<?xml version="1.0"?><rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel>${channel}${items}</channel></rss>`;

describe('reading a podcast feed', () => {
  it('reads the channel and its items with the iTunes tags, HTML descriptions as text', () => {
    const parsed = parseFeed(
      feed(
        `<item><title>Нэг &amp; хоёр</title><guid>a-1</guid><pubDate>Mon, 06 Jan 2020 02:00:00 GMT</pubDate>
           <description><![CDATA[<p>Сайн <b>уу</b></p><p>дараагийн</p>]]></description>
           <enclosure url="https://cdn.example.mn/1.mp3" type="audio/mpeg" length="1"/>
           <itunes:duration>1:02:03</itunes:duration><itunes:episode>7</itunes:episode>
           <itunes:image href="https://cdn.example.mn/1.jpg"/></item>
         <item><title>Хоосон</title><guid>no-audio</guid></item>
         <item><title>FTP</title><enclosure url="ftp://x/2.mp3"/></item>`,
        `<title>Туршилт</title><itunes:author>Зохиогч</itunes:author><itunes:image href="https://cdn.example.mn/art.png"/><language>mn</language>`,
      ),
    );
    expect(parsed).toMatchObject({ title: 'Туршилт', author: 'Зохиогч', imageUrl: 'https://cdn.example.mn/art.png' });
    expect(parsed.items).toEqual([
      {
        guid: 'a-1',
        title: 'Нэг & хоёр',
        description: 'Сайн уу\nдараагийн',
        enclosureUrl: 'https://cdn.example.mn/1.mp3',
        enclosureType: 'audio/mpeg',
        durationSeconds: 3723,
        publishedAt: new Date('2020-01-06T02:00:00Z'),
        episode: 7,
        imageUrl: 'https://cdn.example.mn/1.jpg',
      },
    ]);
    expect([
      durationOf('62:03'),
      durationOf('3723'),
      durationOf('3723.4'),
      durationOf(''),
      durationOf('1:2:3:4'),
    ]).toEqual([3723, 3723, 3723, 0, 0]);
    expect(() => parseFeed('<html><body>not a feed</body></html>')).toThrow('not_rss');
    expect(() => parseFeed(feed('', '<title> </title>'))).toThrow('no_title');
  });

  it('reads no DTD: an external entity is never fetched and a "billion laughs" is never expanded', () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
      <rss version="2.0"><channel><title>A &xxe; B</title></channel></rss>`;
    expect(parseFeed(xxe).title).not.toMatch(/root:/);
    const laughs = `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY a "ha"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
      <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]>
      <rss version="2.0"><channel><title>&d;</title></channel></rss>`;
    expect(parseFeed(laughs).title.length).toBeLessThan(10);
  });
});

describe('reaching a feed', () => {
  it.each([
    ['127.0.0.1', true],
    ['10.1.2.3', true],
    ['172.20.0.1', true],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['::1', true],
    ['fd00::1', true],
    ['fe80::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:10.0.0.1', true],
    ['202.131.0.10', false],
    ['8.8.8.8', false],
    ['2001:4860:4860::8888', false],
  ])('%s is inside: %s', (address, expected) => {
    expect(isInsideAddress(address)).toBe(expected);
  });

  it.each([
    ['file:///etc/passwd', 'scheme'],
    ['ftp://example.mn/feed.xml', 'scheme'],
    ['http://user:secret@example.mn/feed', 'credentials'],
    ['http://127.0.0.1:1/feed', 'address'],
    ['http://[::1]:1/feed', 'address'],
    ['http://169.254.169.254/latest/meta-data', 'address'],
    ['http://localhost:1/feed', 'address'],
  ])('refuses %s (%s)', async (url, reason) => {
    const refused = await outboundGet(url).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(OutboundRefused);
    expect((refused as OutboundRefused).reason).toBe(reason);
  });
});

/**
 * The back office adds channels by feed from the sandbox's feed server (served by the app
 * itself, listening on a port like a podcast host): 1 500 episodes in one import, refreshed
 * with the feed's ETag (304: nothing written), new and renamed episodes taken in, no
 * duplicates, searchable, in the audit log; a feed at an internal address is refused outside
 * the sandbox.
 */
describe('channels added by feed', () => {
  let t: AccountsTestApp;
  let origin: string;
  beforeAll(async () => {
    t = await createAccountsApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => t.close());

  const editor = async () => (await keptStaff(t.app, ['editor'])).headers;
  const add = async (url: string) =>
    t.app.inject({ method: 'POST', url: '/api/staff/podcasts', headers: await editor(), payload: { feed_url: url } });
  const refresh = async (id: number) =>
    t.app.inject({ method: 'POST', url: `/api/staff/podcasts/${id}/refresh`, headers: await editor() });

  it('imports a 1 500-episode feed once, refreshes it by ETag, and takes in new and changed episodes', async () => {
    const added = await add(`${origin}/sandbox/podcasts/long.rss`);
    expect(added.statusCode, added.body).toBe(200);
    const imported = podcastFeedImportResponse.parse(added.json()).data;
    expect(imported).toMatchObject({ created: 1500, updated: 0, unchanged: false });
    const id = imported.series.id;

    const series = (await t.app.inject(`/api/podcast_series/v3/${id}`)).json().data;
    expect(series).toMatchObject({ title: 'Номсан ярилцлага', author: 'Номсан студи', episodes_count: 1500 });
    expect(series.cover.md).toBe('http://localhost:3000/favicon.svg');
    const newest = (await t.app.inject(`/api/publications?filter[series_id]=${id}&page[size]=2`)).json().data;
    expect(newest.total).toBe(1500);
    expect(newest.data[0]).toMatchObject({
      title: 'Номсан ярилцлага: 1500-р дугаар',
      number: 1500,
      stream_url: 'http://localhost:3000/media/audio/podcast-1.mp3',
      description: '1500-р дугаарт ном уншихын ач тусын тухай ярилцав.\nЗочин: уншигч 1500',
    });

    // unchanged: the host answers 304 to the ETag, nothing is written
    expect(podcastFeedImportResponse.parse((await refresh(id)).json()).data).toMatchObject({
      created: 0,
      updated: 0,
      unchanged: true,
    });
    // one more episode, and one renamed
    await t.app.inject({ method: 'POST', url: '/sandbox/podcasts/long/publish' });
    await t.app.inject({ method: 'POST', url: '/sandbox/podcasts/long/rename', payload: { title: 'Анхны дугаар' } });
    expect(podcastFeedImportResponse.parse((await refresh(id)).json()).data).toMatchObject({
      created: 1,
      updated: 1,
      unchanged: false,
    });
    // added again: the same channel, read again, nothing twice
    const again = podcastFeedImportResponse.parse((await add(`${origin}/sandbox/podcasts/long.rss`)).json()).data;
    expect(again).toMatchObject({ created: 0, series: { id, episodes_count: 1501 } });

    // search indexes the channel's episodes again: they are found
    await runQueuedJobs(t.app);
    const found = (await t.app.inject(`/v5/discovery/search?q=${encodeURIComponent('Анхны дугаар')}`)).json().data;
    expect(JSON.stringify(found)).toContain('Анхны дугаар');

    // the list and the audit log
    const feeds = podcastFeedsResponse.parse(
      (await t.app.inject({ url: '/api/staff/podcasts', headers: await editor() })).json(),
    ).data;
    expect(feeds).toEqual([expect.objectContaining({ id, episodes_count: 1501, error: null })]);
    const owner = await staffWith(t.app, ['owner']);
    const audit = (
      await t.app.inject({ url: `/api/staff/audit?object_type=podcast&object_id=${id}`, headers: owner.headers })
    ).json().data.entries;
    expect(audit.map((e: { action: string }) => e.action)).toEqual(
      ['podcast.feed_add', 'podcast.feed_refresh', 'podcast.feed_refresh', 'podcast.feed_add'].reverse(),
    );
  });

  it('refreshes every feed on the hour, and notes a feed that fails', async () => {
    const short = podcastFeedImportResponse.parse((await add(`${origin}/sandbox/podcasts/short.rss`)).json()).data;
    expect(short.created).toBe(12);
    await t.app.inject({ method: 'POST', url: '/sandbox/podcasts/short/publish' });
    t.clock.advance(HOUR_MS);
    const services = t.app.modules!.services;
    expect(await services.podcasts.feeds.refreshDue(t.app.modules!.kernel.root)).toEqual({ refreshed: 2, failed: 0 });
    const feeds = podcastFeedsResponse.parse(
      (await t.app.inject({ url: '/api/staff/podcasts', headers: await editor() })).json(),
    ).data;
    expect(feeds.find((f) => f.id === short.series.id)?.episodes_count).toBe(13);
  });

  it('refuses what is not a feed, with the reason in Mongolian, and internal addresses outside the sandbox', async () => {
    const notRss = await add(`${origin}/healthz`);
    expect(notRss.statusCode).toBe(422);
    expect(notRss.json().error.message).toBe(mn.podcastFeeds.notRss);
    const missing = await add(`${origin}/sandbox/podcasts/none.rss`);
    expect(missing.json().error.message).toBe(mn.podcastFeeds.status(404));
    const badScheme = await add('javascript:alert(1)');
    expect(badScheme.statusCode).toBe(400);
    expect(badScheme.json().error.fields.feed_url).toBe(mn.podcastFeeds.urlInvalid);

    const production = podcastFeeds(t.app.modules!.kernel, { allowPrivate: false });
    const refused = await production
      .add(t.app.modules!.kernel.root, `${origin}/sandbox/podcasts/short.rss`)
      .catch((error: { message: string }) => error.message);
    expect(refused).toBe(mn.podcastFeeds.addressRefused);
    // and a member is no editor
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/staff/podcasts', payload: { feed_url: origin } })).statusCode,
    ).toBe(401);
  });
});
