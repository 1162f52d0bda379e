import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deskBookResponse, deskBooksResponse } from '@nomsan/contracts/catalog-desk';
import { showcaseResponse, topicResponse, topicsResponse } from '@nomsan/contracts/catalog';
import {
  deskPodcastsResponse,
  deskShowcaseResponse,
  deskTopicResponse,
  deskTopicsResponse,
} from '@nomsan/contracts/collections-desk';
import { mn } from '@nomsan/contracts/messages';
import { createAccountsApp, type AccountsTestApp } from '../../test/accounts';
import { keptStaff } from '../../test/staff';

const m = mn.collectionsDesk;

/**
 * The collections desk: editors make, change, order and delete the discovery topics and their
 * items, and put published books in the showcase in order; the public topics, topic pages and
 * showcase (what the home and for-you pages show) change on the next request even when they
 * were cached; each change is in the audit log; two orders at once leave one of them whole;
 * unknown ids and bad input are answered in the envelope, in Mongolian.
 */
describe('collections desk', () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsApp();
  });
  afterAll(() => t.close());

  const editor = async () => (await keptStaff(t.app, ['editor'])).headers;
  const get = async (url: string) => t.app.inject({ url, headers: await editor() });
  const send = async (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: await editor(), ...(payload ? { payload } : {}) });
  const ok = <T>(
    answer: { statusCode: number; body: string; json: () => unknown },
    schema: { parse: (v: unknown) => T },
  ) => {
    expect(answer.statusCode, answer.body).toBe(200);
    return schema.parse(answer.json());
  };
  const publicTopics = async () => ok(await t.app.inject('/v5/discovery/topics'), topicsResponse).data;
  const publicTopic = (id: number) => t.app.inject(`/v5/discovery/topics/${id}`);
  const publicShowcase = async () => ok(await t.app.inject('/v5/books/showcase'), showcaseResponse).data;
  const auditOf = async (type: string, id?: number) => {
    const owner = await keptStaff(t.app, ['owner']);
    const answer = await t.app.inject({
      url: `/api/staff/audit?object_type=${type}${id ? `&object_id=${id}` : ''}`,
      headers: owner.headers,
    });
    return (answer.json().data.entries as { action: string; before: unknown; after: unknown }[]).reverse();
  };
  const books = async (query: string) =>
    ok(await get(`/api/staff/catalog/books?${query}`), deskBooksResponse).data.rows;
  /** a new title at the catalogue desk: a draft, which members do not see */
  const draftBook = async (title: string) =>
    ok(await send('POST', '/api/staff/catalog/books', { title }), deskBookResponse).data;

  it('makes a topic, fills, orders and empties it, orders the topics and deletes it; the store follows at once', async () => {
    const before = await publicTopics();
    expect(before.length, 'the demo has topics').toBeGreaterThan(2);

    const created = ok(
      await send('POST', '/api/staff/collections/topics', {
        title: 'Намрын шилдэг',
        description: 'Намар уншихад тохиромжтой.',
        active: false,
      }),
      deskTopicResponse,
    ).data;
    expect(created).toMatchObject({
      title: 'Намрын шилдэг',
      slug: 'namryn-shildeg',
      active: false,
      items: [],
      items_count: 0,
      url: '/topic/namryn-shildeg',
    });
    // hidden: listed at the desk, not in the store
    const listed = ok(await get('/api/staff/collections/topics'), deskTopicsResponse).data;
    expect(listed.at(-1)).toMatchObject({ id: created.id, active: false });
    expect(created.position).toBe(Math.max(...listed.slice(0, -1).map((topic) => topic.position)) + 1);
    expect((await publicTopics()).map((topic) => topic.id)).not.toContain(created.id);
    expect((await publicTopic(created.id)).statusCode).toBe(404);

    // shown: the cached list of topics changes on the next request
    const shown = ok(
      await send('PATCH', `/api/staff/collections/topics/${created.id}`, { active: true, title: 'Намрын сонголт' }),
      deskTopicResponse,
    ).data;
    expect(shown).toMatchObject({ active: true, title: 'Намрын сонголт', slug: 'namryn-shildeg' });
    expect((await publicTopics()).at(-1)).toMatchObject({ id: created.id, title: 'Намрын сонголт', items_count: 0 });

    // items: a published book, a summary, a podcast; a draft book kept but not shown
    const [published1, published2] = await books('status=published&sort=title&limit=2');
    const draft = await draftBook('Намрын ноорог');
    const summaryId = (await t.app.inject('/v5/summary?page=1')).json().data.data[0].id as number;
    const [podcast] = ok(await get('/api/staff/collections/podcasts'), deskPodcastsResponse).data;
    expect(published1 && published2 && draft && podcast, 'the demo has what a topic holds').toBeTruthy();
    const add = (type: string, id: number) =>
      send('POST', `/api/staff/collections/topics/${created.id}/items`, { type, id });
    ok(await add('book', published1!.id), deskTopicResponse);
    // the first page is cached now; every change below must show on the next request
    expect(topicResponse.parse((await publicTopic(created.id)).json()).data.items.map((i) => i.id)).toEqual([
      published1!.id,
    ]);
    ok(await add('summary', summaryId), deskTopicResponse);
    ok(await add('podcast', podcast!.id), deskTopicResponse);
    const full = ok(await add('book', draft!.id), deskTopicResponse).data;
    expect(full.items.map((i) => [i.type, i.id, i.visible])).toEqual([
      ['book', published1!.id, true],
      ['summary', summaryId, true],
      ['podcast', podcast!.id, true],
      ['book', draft!.id, false],
    ]);
    // (an English book is a book of the catalogue too)
    const items = async () =>
      topicResponse
        .parse((await publicTopic(created.id)).json())
        .data.items.map((i) => `${i.type === 'english_book' ? 'book' : i.type}:${i.id}`);
    expect(await items()).toEqual([`book:${published1!.id}`, `summary:${summaryId}`, `podcast:${podcast!.id}`]);

    const taken = await add('book', published1!.id);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({ code: 'CONFLICT', message: m.itemTaken });

    // the podcast first, the summary last
    const order = [
      { type: 'podcast', id: podcast!.id },
      { type: 'book', id: published1!.id },
      { type: 'book', id: draft!.id },
      { type: 'summary', id: summaryId },
    ];
    const ordered = ok(
      await send('POST', `/api/staff/collections/topics/${created.id}/items/order`, { items: order }),
      deskTopicResponse,
    ).data;
    expect(ordered.items.map((i) => `${i.type}:${i.id}`)).toEqual(order.map((i) => `${i.type}:${i.id}`));
    expect(await items()).toEqual([`podcast:${podcast!.id}`, `book:${published1!.id}`, `summary:${summaryId}`]);
    // a title withdrawn leaves the (cached) topic page at once, and comes back once published
    const status = async (value: string) =>
      expect(
        (await send('POST', `/api/staff/catalog/books/${published1!.id}/status`, { status: value })).statusCode,
      ).toBe(200);
    await status('withdrawn');
    expect(await items()).toEqual([`podcast:${podcast!.id}`, `summary:${summaryId}`]);
    await status('published');
    expect(await items()).toEqual([`podcast:${podcast!.id}`, `book:${published1!.id}`, `summary:${summaryId}`]);
    // the topicables pages follow too
    const pageTwo = (await t.app.inject(`/v5/discovery/topics/${created.id}/topicables?page_size=1&page=2`)).json();
    expect(pageTwo.data.data.map((i: { id: number }) => i.id)).toEqual([published1!.id]);

    // an order that leaves an item out (someone added one meanwhile) is refused whole
    const partial = await send('POST', `/api/staff/collections/topics/${created.id}/items/order`, {
      items: order.slice(1),
    });
    expect(partial.statusCode).toBe(409);
    expect(partial.json().error.message).toBe(m.orderStale);

    // taken out
    ok(
      await send('DELETE', `/api/staff/collections/topics/${created.id}/items/podcast/${podcast!.id}`),
      deskTopicResponse,
    );
    expect(await items()).toEqual([`book:${published1!.id}`, `summary:${summaryId}`]);
    const missing = await send('DELETE', `/api/staff/collections/topics/${created.id}/items/podcast/${podcast!.id}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toMatchObject({ code: 'NOT_FOUND', message: m.itemNotFound });

    // the new topic first in the store
    const ids = [created.id, ...before.map((topic) => topic.id)];
    const topics = ok(await send('POST', '/api/staff/collections/topics/order', { ids }), deskTopicsResponse).data;
    expect(topics.map((topic) => topic.id)).toEqual(ids);
    expect(topics.map((topic) => topic.position)).toEqual(ids.map((_, i) => i + 1));
    expect((await publicTopics()).map((topic) => topic.id)).toEqual(ids);
    expect((await publicTopics())[0]).toMatchObject({ id: created.id, items_count: 3 });

    // deleted: gone from the store, its items with it
    const left = ok(await send('DELETE', `/api/staff/collections/topics/${created.id}`), deskTopicsResponse).data;
    expect(left.map((topic) => topic.id)).toEqual(before.map((topic) => topic.id));
    expect((await publicTopics()).map((topic) => topic.id)).toEqual(before.map((topic) => topic.id));
    expect((await publicTopic(created.id)).statusCode).toBe(404);

    const audit = await auditOf('topic', created.id);
    expect(audit.map((entry) => entry.action)).toEqual([
      'catalog.topic_create',
      'catalog.topic_update',
      'catalog.topic_item_add',
      'catalog.topic_item_add',
      'catalog.topic_item_add',
      'catalog.topic_item_add',
      'catalog.topic_items_order',
      'catalog.topic_item_remove',
      'catalog.topic_delete',
    ]);
    expect(audit[1]).toMatchObject({
      before: { active: false, title: 'Намрын шилдэг' },
      after: { active: true, title: 'Намрын сонголт' },
    });
    const orders = (await auditOf('topic')).filter((entry) => entry.action === 'catalog.topics_order');
    expect(orders.at(-1)).toMatchObject({ after: ids });
  });

  it('puts published books in the showcase, orders and removes them; the home page showcase follows at once', async () => {
    const before = await publicShowcase();
    expect(before.length, 'the demo has a showcase').toBeGreaterThan(2);
    const desk = ok(await get('/api/staff/collections/showcase'), deskShowcaseResponse).data;
    expect(desk.map((book) => book.id)).toEqual(before.map((book) => book.id));

    const shownIds = new Set(before.map((book) => book.id));
    const candidate = (await books('status=published&sort=title&limit=20')).find((book) => !shownIds.has(book.id))!;
    const added = ok(
      await send('POST', '/api/staff/collections/showcase', { book_id: candidate.id }),
      deskShowcaseResponse,
    ).data;
    expect(added.at(-1)).toMatchObject({ id: candidate.id, position: before.length + 1, status: 'published' });
    expect((await publicShowcase()).map((book) => book.id)).toEqual([...before.map((book) => book.id), candidate.id]);

    const again = await send('POST', '/api/staff/collections/showcase', { book_id: candidate.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(m.showcaseTaken);
    const draft = await draftBook('Онцлохын ноорог');
    const notPublished = await send('POST', '/api/staff/collections/showcase', { book_id: draft!.id });
    expect(notPublished.statusCode).toBe(422);
    expect(notPublished.json().error).toMatchObject({ code: 'BUSINESS_RULE', message: m.showcasePublishedOnly });

    const ids = [candidate.id, ...before.map((book) => book.id)];
    ok(await send('POST', '/api/staff/collections/showcase/order', { ids }), deskShowcaseResponse);
    expect((await publicShowcase()).map((book) => book.id)).toEqual(ids);

    // a book withdrawn leaves the hero and comes back at its place once published again: the
    // cached showcase carries every placed book's tag, shown or not
    const setStatus = async (status: string) =>
      expect((await send('POST', `/api/staff/catalog/books/${candidate.id}/status`, { status })).statusCode).toBe(200);
    await setStatus('withdrawn');
    expect((await publicShowcase()).map((book) => book.id)).toEqual(ids.slice(1));
    await setStatus('published');
    expect((await publicShowcase()).map((book) => book.id)).toEqual(ids);

    ok(await send('DELETE', `/api/staff/collections/showcase/${candidate.id}`), deskShowcaseResponse);
    expect((await publicShowcase()).map((book) => book.id)).toEqual(before.map((book) => book.id));

    const audit = await auditOf('showcase');
    expect(audit.map((entry) => entry.action)).toEqual([
      'catalog.showcase_add',
      'catalog.showcase_order',
      'catalog.showcase_remove',
    ]);
    expect(audit[1]).toMatchObject({ before: [...before.map((book) => book.id), candidate.id], after: ids });
  });

  it('leaves one whole order when two editors order the same list at once', async () => {
    const current = ok(await get('/api/staff/collections/showcase'), deskShowcaseResponse).data.map((book) => book.id);
    const reversed = [...current].reverse();
    const rotated = [...current.slice(1), current[0]!];
    const answers = await Promise.all([
      send('POST', '/api/staff/collections/showcase/order', { ids: reversed }),
      send('POST', '/api/staff/collections/showcase/order', { ids: rotated }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const after = ok(await get('/api/staff/collections/showcase'), deskShowcaseResponse).data;
    expect([reversed, rotated]).toContainEqual(after.map((book) => book.id));
    expect(after.map((book) => book.position)).toEqual(current.map((_, i) => i + 1));

    const topics = ok(await get('/api/staff/collections/topics'), deskTopicsResponse).data.map((topic) => topic.id);
    const swapped = [topics[1]!, topics[0]!, ...topics.slice(2)];
    const both = await Promise.all([
      send('POST', '/api/staff/collections/topics/order', { ids: [...topics].reverse() }),
      send('POST', '/api/staff/collections/topics/order', { ids: swapped }),
    ]);
    expect(both.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const final = ok(await get('/api/staff/collections/topics'), deskTopicsResponse).data;
    expect([[...topics].reverse(), swapped]).toContainEqual(final.map((topic) => topic.id));
    expect(new Set(final.map((topic) => topic.position)).size).toBe(final.length);
  });

  it('answers unknown ids with 404 and bad input with 400, in Mongolian, in the envelope', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/staff/collections/topics/999999', undefined],
      ['PATCH', '/api/staff/collections/topics/999999', { title: 'Шинэ' }],
      ['DELETE', '/api/staff/collections/topics/999999', undefined],
      ['POST', '/api/staff/collections/topics/999999/items', { type: 'book', id: 1 }],
      ['DELETE', '/api/staff/collections/topics/999999/items/book/1', undefined],
    ] as const) {
      const answer = await t.app.inject({ method, url, headers: await editor(), ...(payload ? { payload } : {}) });
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
      expect(answer.json().error).toMatchObject({ code: 'NOT_FOUND', message: m.topicNotFound });
    }
    const notShown = await send('DELETE', '/api/staff/collections/showcase/999999');
    expect(notShown.statusCode).toBe(404);
    expect(notShown.json().error).toMatchObject({ code: 'NOT_FOUND', message: m.showcaseNotFound });

    const noTitle = await send('POST', '/api/staff/collections/topics', { title: '   ' });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().error).toMatchObject({ code: 'VALIDATION_ERROR', fields: { title: m.titleRequired } });
    const nothing = await send('PATCH', '/api/staff/collections/topics/1', {});
    expect(nothing.statusCode).toBe(400);
    expect(JSON.stringify(nothing.json().error)).toContain(m.nothingToChange);
    const [topic] = ok(await get('/api/staff/collections/topics'), deskTopicsResponse).data;
    const badType = await send('POST', `/api/staff/collections/topics/${topic!.id}/items`, { type: 'episode', id: 1 });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().error.fields).toMatchObject({ type: m.typeInvalid });
    const unknownBook = await send('POST', `/api/staff/collections/topics/${topic!.id}/items`, {
      type: 'book',
      id: 999999,
    });
    expect(unknownBook.statusCode).toBe(400);
    expect(unknownBook.json().error).toMatchObject({ code: 'VALIDATION_ERROR', fields: { id: m.bookNotFound } });
    const twice = await send('POST', '/api/staff/collections/topics/order', { ids: [topic!.id, topic!.id] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.fields).toMatchObject({ ids: m.orderInvalid });
    const badPath = await send('DELETE', `/api/staff/collections/topics/${topic!.id}/items/episode/1`);
    expect(badPath.statusCode).toBe(400);
    const unknownShowcaseBook = await send('POST', '/api/staff/collections/showcase', { book_id: 999999 });
    expect(unknownShowcaseBook.statusCode).toBe(400);
    expect(unknownShowcaseBook.json().error.fields).toMatchObject({ book_id: m.bookNotFound });
  });
});
