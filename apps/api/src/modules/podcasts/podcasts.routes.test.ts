import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { podcastSeriesResponse, publicationResponse, publicationsResponse } from '@nomsan/contracts/podcasts';
import { newsfeedTabResponse } from '@nomsan/contracts/catalog';
import { createTestApp, type TestApp } from '../../test/app';

describe('podcast endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const firstSeries = async () => {
    const feed = newsfeedTabResponse.parse((await t.app.inject('/api/newsfeed/tabs/podcast')).json()).data;
    const item = feed.shelves[0]?.items[0];
    if (!item || item.type !== 'podcast') throw new Error('the podcast feed has no series');
    return item;
  };

  it('serves a series by id and by slug, the same', async () => {
    const card = await firstSeries();
    const byId = podcastSeriesResponse.parse((await t.app.inject(`/api/podcast_series/v3/${card.id}`)).json()).data;
    const bySlug = podcastSeriesResponse.parse(
      (await t.app.inject(`/api/podcast_series/v3/slug:${card.slug}`)).json(),
    ).data;
    expect(bySlug).toEqual(byId);
    expect(byId).toMatchObject({ id: card.id, title: card.title, episodes_count: card.episodes_count });
    expect(byId.description.length).toBeGreaterThan(0);
  });

  it("lists a series' episodes newest first, ten a page, and finds one by slug", async () => {
    const card = await firstSeries();
    const page = publicationsResponse.parse(
      (await t.app.inject(`/api/publications?include=series&filter[series_id]=${card.id}&page[size]=10`)).json(),
    ).data;
    expect(page.total).toBe(card.episodes_count);
    expect(page.data.length).toBe(Math.min(10, card.episodes_count));
    const dates = page.data.map((e) => e.published_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    const first = page.data[0]!;
    expect(first.podcast).toEqual({ id: card.id, slug: card.slug, title: card.title });
    expect(first).toMatchObject({
      mime_type: 'audio/mpeg',
      stream_url: expect.stringMatching(/^\/media\/audio\/.+\.mp3$/),
    });

    const one = publicationsResponse.parse(
      (await t.app.inject(`/api/publications?filter[series_id]=${card.id}&filter[slug]=${first.slug}`)).json(),
    ).data;
    expect(one.data.map((e) => e.id)).toEqual([first.id]);
    const detail = publicationResponse.parse((await t.app.inject(`/api/publications/${first.id}`)).json()).data;
    expect(detail).toEqual(first);
  });

  it('answers 404 for unknown ones and 400 for malformed ids', async () => {
    expect((await t.app.inject('/api/podcast_series/v3/999999')).statusCode).toBe(404);
    expect((await t.app.inject('/api/podcast_series/v3/slug:nope')).statusCode).toBe(404);
    expect((await t.app.inject('/api/publications/999999')).statusCode).toBe(404);
    expect((await t.app.inject('/api/publications/abc')).statusCode).toBe(400);
    expect((await t.app.inject('/api/publications')).statusCode).toBe(400);
    expect((await t.app.inject('/api/publications?filter[series_id]=1&filter[slug]=%27%3B')).statusCode).toBe(400);
  });
});
