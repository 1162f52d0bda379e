import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookDetailResponse,
  bookListResponse,
  bundleDetailResponse,
  bundleListResponse,
  personDetailResponse,
  publisherDetailResponse,
  recommendResponse,
  relatedResponse,
  reviewsResponse,
  showcaseResponse,
  summaryDetailResponse,
  summaryListResponse,
  tagsResponse,
  topicablesResponse,
  topicResponse,
  topicsResponse,
} from '@nomsan/contracts/catalog';
import { errorEnvelope } from '@nomsan/contracts/http';
import { sql } from '@nomsan/db/orm';
import { createTestApp, type TestApp } from '../../test/app';

describe('catalogue detail and list endpoints', () => {
  let t: TestApp;
  const get = async (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
  const ok = async (url: string) => {
    const response = await get(url);
    expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
    return response.json();
  };
  const rejected = async (url: string, status: number) => {
    const response = await get(url);
    expect(response.statusCode, url).toBe(status);
    const body = errorEnvelope.parse(response.json());
    expect(body.error.message).toMatch(/[А-Яа-яӨөҮү]/);
    return body.error.code;
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('serves a book with editions, people, categories, offers and rating summary', async () => {
    const { data } = bookDetailResponse.parse(await ok('/v4/books/1'));
    expect(data.id).toBe(1);
    expect(data.title).toBe('Цагаан сар');
    expect(data.web_link).toBe('/tsagaan-sar');
    expect(data.authors.length).toBeGreaterThan(0);
    expect(data.categories.length).toBeGreaterThan(0);
    expect(data.offers.length).toBe(data.formats.length);
    if (data.audiobook) {
      expect(data.narrators.length).toBeGreaterThan(0);
      const total = data.audiobook.chapters.reduce((sum, c) => sum + c.duration_seconds, 0);
      expect(total).toBe(data.audiobook.duration_seconds);
    }
    expect(data.rating_summary.distribution).toHaveLength(5);
  });

  it('sums up on every card how the item can be had, in agreement with its offers', async () => {
    const list = bookListResponse.parse(await ok('/v5/books?page[size]=30')).data.data;
    for (const card of list) {
      const { offers } = bookDetailResponse.parse(await ok(`/v4/books/${card.id}`)).data;
      const prices = offers.flatMap((o) => (o.price_mnt === null ? [] : [o.price_mnt]));
      const credits = offers.flatMap((o) => (o.credit_price === null ? [] : [o.credit_price]));
      expect(card.availability.price_mnt).toBe(prices.length ? Math.min(...prices) : null);
      expect(card.availability.credit_price).toBe(credits.length ? Math.min(...credits) : null);
      expect(card.availability.rentable).toBe(offers.some((o) => o.rental !== null));
      expect(new Set(card.availability.subscription_scopes)).toEqual(
        new Set(offers.flatMap((o) => o.subscription_scopes)),
      );
    }
    const summaries = summaryListResponse.parse(await ok('/v5/summary')).data.data;
    expect(
      summaries.every((s) => s.availability.price_mnt !== null || s.availability.subscription_scopes.length > 0),
    ).toBe(true);
  });

  it('shows only the offers on sale now, with their discount, on the page and on its card', async () => {
    // the least popular book: no earlier test has put it in a cache
    const picked = await t.db.db.execute<{ id: number; author: number }>(sql`
      select b.id, (select bc.contributor_id from catalog_book_contributor bc
                     where bc.book_id = b.id and bc.role = 'author' order by bc.position limit 1) as author
        from catalog_book b
       where b.status = 'published' and b.kind = 'book'
         and (select count(*) from commerce_offer o where o.item_type = 'book' and o.item_id = b.id) = 2
       order by b.popularity, b.id limit 1`);
    const { id, author } = picked.rows[0] as { id: number; author: number };
    await t.db.db.execute(sql`
      update commerce_offer set ends_at = now() - interval '1 day'
       where item_type = 'book' and item_id = ${id} and format = 'ebook'`);
    await t.db.db.execute(sql`
      update commerce_offer set original_price_mnt = price_mnt * 2, starts_at = now() - interval '1 day'
       where item_type = 'book' and item_id = ${id} and format = 'audiobook'`);
    const { offers, availability } = bookDetailResponse.parse(await ok(`/v4/books/${id}`)).data;
    expect(offers.map((o) => o.format)).toEqual(['audiobook']);
    expect(offers[0]?.discount_percentage).toBe(50);
    expect(offers[0]?.original_price_mnt).toBe((offers[0]?.price_mnt ?? 0) * 2);
    expect(availability.price_mnt).toBe(offers[0]?.price_mnt);
    const cards = bookListResponse.parse(await ok(`/api/book/authors/${author}/books?page[size]=100`)).data.data;
    expect(cards.find((card) => card.id === id)?.availability).toEqual(availability);
  });

  it('finds a book by slug, and by a slug it had before', async () => {
    const bySlug = bookDetailResponse.parse(await ok('/v4/books/slug:tsagaan-sar'));
    expect(bySlug.data.id).toBe(1);
    const byOldSlug = bookDetailResponse.parse(await ok('/v4/books/slug:tsagaan-sar-roman'));
    expect(byOldSlug.data.slug).toBe('tsagaan-sar');
  });

  it.each([
    ['/v4/books/abc', 400],
    ['/v4/books/0', 400],
    ['/v4/books/-1', 400],
    ['/v4/books/1.5', 400],
    ['/v4/books/99999999999', 400],
    ['/v4/books/999999', 404],
    ['/v4/books/slug:no-such-book', 404],
    ['/v4/books/slug:BAD SLUG', 400],
    ['/v5/books/999999/related', 404],
    ['/v5/books/1/related?type=nope', 400],
    ['/v5/books?page=0', 400],
    ['/v5/books?page[size]=100000', 400],
    ['/v5/books?page=abc', 400],
    ['/v5/books?filter[category]=no-such-category', 404],
    ['/v5/books?sort=random', 400],
    ['/api/book/authors/999999', 404],
    ['/api/book/authors/1/books?include=nope', 400],
    ['/api/book/authors/1/books?page=0', 400],
    ['/api/publishers/v3/x', 400],
    ['/api/publishers/v3/999999/items', 404],
    ['/v5/narrators/999999/', 404],
    ['/v5/summary/999999', 404],
    ['/v5/english-books/1', 404],
    ['/v5/bundles/999999', 404],
    ['/api/reviews?reviewable_type=movie&reviewable_id=1', 400],
    ['/api/reviews?reviewable_type=book', 400],
    ['/api/reviews?reviewable_type=book&reviewable_id=999999', 404],
    ['/api/reviews?reviewable_type=book&reviewable_id=1&include=everything', 400],
    ['/api/newsfeed/recommend/nope', 400],
    ['/v5/discovery/topics/999999', 404],
    ['/v5/discovery/topics/1/topicables?type=movie', 400],
    ['/v5/discovery/topics/1/topicables?page_size=100000', 400],
    ['/api/book/tags?take=0', 400],
  ])('answers %s with %i in the envelope', async (url, status) => {
    await rejected(url, status);
  });

  it('lists related books by content, by author and by category, never the book itself', async () => {
    for (const type of ['semantic', 'author', 'category'] as const) {
      const { data } = relatedResponse.parse(await ok(`/v5/books/1/related?type=${type}`));
      expect(data.every((b) => b.id !== 1)).toBe(true);
      if (type !== 'author') expect(data.length).toBeGreaterThan(0);
    }
    const semantic = relatedResponse.parse(await ok('/v5/books/1/related')).data;
    const byCategory = relatedResponse.parse(await ok('/v5/books/1/related?type=category')).data;
    // Content similarity is its own ranking, not the category's popularity order.
    expect(semantic.map((b) => b.id)).not.toEqual(byCategory.map((b) => b.id));
  });

  it("gives every book of an author the same shelf of the author's other books", async () => {
    const picked = await t.db.db.execute<{ ids: number[] }>(sql`
      select array_agg(bc.book_id order by b.popularity desc, b.id) as ids
        from catalog_book_contributor bc join catalog_book b on b.id = bc.book_id
       where bc.role = 'author' and b.status = 'published' and b.kind = 'book'
       group by bc.contributor_id having count(*) >= 3
       order by count(*) desc limit 1`);
    // the author's two most popular books: each is on the other's shelf
    const [a, b] = picked.rows[0]!.ids as [number, number];
    const shelf = async (id: number) =>
      relatedResponse.parse(await ok(`/v5/books/${id}/related?type=author`)).data.map((card) => card.id);
    const [ofA, ofB] = [await shelf(a), await shelf(b)];
    expect(ofA).not.toContain(a);
    expect(ofB).not.toContain(b);
    expect(ofA).toContain(b);
    expect(ofB).toContain(a);
    // one list, each book left out of its own (the second is answered from the first's)
    const others = (ids: number[]) => ids.filter((id) => id !== a && id !== b);
    const common = Math.min(others(ofA).length, others(ofB).length);
    expect(common).toBeGreaterThan(0);
    expect(others(ofA).slice(0, common)).toEqual(others(ofB).slice(0, common));
  });

  it('finds semantically related books that share content with the book', async () => {
    const book = bookDetailResponse.parse(await ok('/v4/books/1')).data;
    const related = relatedResponse.parse(await ok('/v5/books/1/related?take=5')).data;
    const details = await Promise.all(
      related.map(async (r) => bookDetailResponse.parse(await ok(`/v4/books/${r.id}`)).data),
    );
    const shares = (other: typeof book) =>
      other.categories.some((c) => book.categories.some((b) => b.id === c.id)) ||
      other.authors.some((a) => book.authors.some((b) => b.id === a.id)) ||
      other.tags.some((tg) => book.tags.some((b) => b.id === tg.id));
    expect(details.filter(shares).length).toBeGreaterThanOrEqual(4);
  });

  it('pages through books with the pagination envelope, filters by category and format', async () => {
    const first = bookListResponse.parse(await ok('/v5/books?page[size]=10')).data;
    expect(first.data).toHaveLength(10);
    expect(first).toMatchObject({ current_page: 1, per_page: 10 });
    expect(first.last_page).toBe(Math.ceil(first.total / 10));
    const second = bookListResponse.parse(await ok('/v5/books?page[size]=10&page=2')).data;
    expect(second.data.map((b) => b.id)).not.toContain(first.data[0]!.id);
    const beyond = bookListResponse.parse(await ok(`/v5/books?page[size]=10&page=${first.last_page + 1}`)).data;
    expect(beyond.data).toEqual([]);
    const category = (await ok('/api/categories')).data[0];
    const inCategory = bookListResponse.parse(
      await ok(`/v5/books?filter[category]=${category.slug}&page[size]=100`),
    ).data;
    expect(inCategory.total).toBeGreaterThan(0);
    const audio = bookListResponse.parse(await ok('/v5/books?filter[format]=audiobook&page[size]=50')).data;
    expect(audio.data.every((b) => b.formats.includes('audiobook'))).toBe(true);
  });

  it('serves authors, narrators and publishers with their books', async () => {
    const book = bookDetailResponse.parse(await ok('/v4/books/1')).data;
    const authorId = book.authors[0]!.id;
    const author = personDetailResponse.parse(await ok(`/api/book/authors/${authorId}?include=likes_count`)).data;
    expect(author.books_count).toBeGreaterThan(0);
    const bySlug = personDetailResponse.parse(await ok(`/api/book/authors/slug:${author.slug}`)).data;
    expect(bySlug.id).toBe(authorId);
    const books = bookListResponse.parse(
      await ok(`/api/book/authors/${authorId}/books?include=likes_count&append=short_description`),
    ).data;
    expect(books.data.map((b) => b.id)).toContain(1);
    expect(books.data[0]).toHaveProperty('short_description');
    expect(books.data[0]).toHaveProperty('likes_count');
    const plain = bookListResponse.parse(await ok(`/api/book/authors/${authorId}/books`)).data;
    expect(plain.data[0]).not.toHaveProperty('short_description');

    const narrated = (
      await Promise.all([1, 2, 3, 4, 5].map(async (id) => bookDetailResponse.parse(await ok(`/v4/books/${id}`)).data))
    ).find((b) => b.narrators.length > 0)!;
    const narrator = personDetailResponse.parse(await ok(`/v5/narrators/${narrated.narrators[0]!.id}/`)).data;
    expect(narrator.books_count).toBeGreaterThan(0);
    const narratorBooks = bookListResponse.parse(await ok(`/v5/narrators/${narrator.id}/books?page=1`)).data;
    expect(narratorBooks.data.map((b) => b.id)).toContain(narrated.id);

    const publisher = publisherDetailResponse.parse(await ok(`/api/publishers/v3/${book.publisher!.id}`)).data;
    expect(publisher.books_count).toBeGreaterThan(0);
    const items = bookListResponse.parse(await ok(`/api/publishers/v3/${publisher.id}/items`)).data;
    expect(items.data.map((b) => b.id)).toContain(1);
  });

  it('serves summaries and English books', async () => {
    const list = summaryListResponse.parse(await ok('/v5/summary')).data;
    expect(list.total).toBeGreaterThanOrEqual(40);
    const summary = summaryDetailResponse.parse(await ok(`/v5/summary/${list.data[0]!.id}`)).data;
    expect(summary.body.length).toBeGreaterThanOrEqual(5);
    expect(summary.offers.length).toBeGreaterThan(0);
    expect(summaryDetailResponse.parse(await ok(`/v5/summary/slug:${summary.slug}`)).data.id).toBe(summary.id);
    const english = bookListResponse.parse(await ok('/v5/english-books')).data;
    expect(english.total).toBeGreaterThanOrEqual(30);
    expect(english.data.every((b) => b.type === 'english_book')).toBe(true);
    const detail = bookDetailResponse.parse(await ok(`/v5/english-books/${english.data[0]!.id}`)).data;
    expect(detail.english_level).toBeTruthy();
    expect(detail.web_link).toMatch(/^\/english-book\//);
  });

  it('serves bundles of books and summaries with their value', async () => {
    let found = false;
    for (let id = 1; id <= 60 && !found; id += 1) {
      const bundles = bundleListResponse.parse(await ok(`/v5/books/${id}/bundles`)).data;
      if (bundles.length === 0) continue;
      found = true;
      const detail = bundleDetailResponse.parse(await ok(`/v5/bundles/${bundles[0]!.id}`)).data;
      expect(detail.items.map((item) => item.id)).toContain(id);
      expect(detail.items_value_mnt).toBeGreaterThan(0);
      expect(detail.offer?.price_mnt).toBeLessThan(detail.items_value_mnt);
      // one "before" price: the offer's original price is what the items cost one by one
      expect(detail.offer?.original_price_mnt).toBe(detail.items_value_mnt);
      expect(detail.offer?.discount_percentage).toBe(
        Math.round((1 - detail.offer!.price_mnt! / detail.items_value_mnt) * 100),
      );
      expect(bundles[0]!.offer?.original_price_mnt).toBe(detail.items_value_mnt);
      expect(bundleDetailResponse.parse(await ok(`/v5/bundles/slug:${detail.slug}`)).data.id).toBe(detail.id);
    }
    expect(found).toBe(true);
    const summaries = summaryListResponse.parse(await ok('/v5/summary?page[size]=100')).data.data;
    const withBundle = await Promise.all(
      summaries.map(async (s) => bundleListResponse.parse(await ok(`/v5/summaries/${s.id}/bundles`)).data),
    );
    expect(withBundle.some((list) => list.some((b) => b.kind === 'summary'))).toBe(true);
  });

  it('serves reviews with their latest five replies and the rating summary', async () => {
    const body = reviewsResponse.parse(
      await ok('/api/reviews?reviewable_type=book&reviewable_id=1&include=latestFiveReplies'),
    ).data;
    expect(body.rating.count).toBe(body.total);
    expect(body.rating.distribution.reduce((a, b) => a + b, 0)).toBe(body.total);
    expect(body.total).toBeGreaterThan(0);
    for (const review of body.data) {
      expect(review.latest_five_replies!.length).toBeLessThanOrEqual(5);
      expect(review.latest_five_replies!.length).toBe(Math.min(5, review.replies_count));
    }
    const dates = body.data.map((r) => r.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    const book = bookDetailResponse.parse(await ok('/v4/books/1')).data;
    expect(book.rating_summary).toEqual(body.rating);
    const without = reviewsResponse.parse(await ok('/api/reviews?reviewable_type=book&reviewable_id=1')).data;
    expect(without.data[0]).not.toHaveProperty('latest_five_replies');
  });

  it('serves tags, the showcase and the recommendations', async () => {
    const tags = tagsResponse.parse(await ok('/api/book/tags?take=10')).data;
    expect(tags).toHaveLength(10);
    expect([...tags].sort((a, b) => b.books_count - a.books_count)).toEqual(tags);
    const showcase = showcaseResponse.parse(await ok('/v5/books/showcase')).data;
    expect(showcase.length).toBe(8);
    for (const kind of ['audiobook', 'ebook', 'cat_abook', 'cat_ebook']) {
      const shelves = recommendResponse.parse(await ok(`/api/newsfeed/recommend/${kind}`)).data;
      expect(shelves.length).toBeGreaterThan(0);
      const format = kind.includes('abook') || kind === 'audiobook' ? 'audiobook' : 'ebook';
      for (const shelf of shelves) {
        for (const item of shelf.items) {
          expect(item.type === 'book' || item.type === 'english_book').toBe(true);
          if (item.type === 'book' || item.type === 'english_book') expect(item.formats).toContain(format);
        }
      }
    }
  });

  it('serves discovery topics and their items, paginated and by type', async () => {
    const topics = topicsResponse.parse(await ok('/v5/discovery/topics')).data;
    expect(topics.length).toBeGreaterThanOrEqual(8);
    const topic = topicResponse.parse(await ok(`/v5/discovery/topics/${topics[0]!.id}`)).data;
    expect(topic.items.length).toBe(Math.min(20, topic.items_count));
    const page = topicablesResponse.parse(
      await ok(`/v5/discovery/topics/${topic.id}/topicables?page_size=5&page=1`),
    ).data;
    expect(page.data).toHaveLength(Math.min(5, topic.items_count));
    expect(page.total).toBe(topic.items_count);
    const books = topicablesResponse.parse(
      await ok(`/v5/discovery/topics/${topic.id}/topicables?type=book&page_size=100`),
    ).data;
    expect(books.data.every((item) => item.type === 'book' || item.type === 'english_book')).toBe(true);
  });

  it('lets a CDN cache catalogue answers and revalidates them by ETag', async () => {
    const first = await get('/v4/books/1');
    expect(first.headers['cache-control']).toMatch(/public/);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get('/v4/books/1', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const compressed = await get('/v4/books/1', { 'accept-encoding': 'gzip' });
    expect(compressed.headers.etag).toBe(etag);
    const missing = await get('/v4/books/999999');
    expect(missing.headers['cache-control']).toBeUndefined();
  });

  it('sends a cached answer as brotli or gzip, with the same tag and text', async () => {
    const url = '/api/newsfeed/tabs/for-you';
    const plain = await get(url);
    for (const coding of ['br', 'gzip'] as const) {
      const [first, second] = [
        await get(url, { 'accept-encoding': `${coding}, deflate` }),
        await get(url, { 'accept-encoding': `${coding}, deflate` }),
      ];
      for (const response of [first, second]) {
        expect(response.headers['content-encoding']).toBe(coding);
        expect(response.headers.etag).toBe(plain.headers.etag);
        expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
        const unpack = coding === 'br' ? brotliDecompressSync : gunzipSync;
        expect(unpack(response.rawPayload).toString('utf8')).toBe(plain.body);
      }
      expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    }
    expect((await get(url, { 'accept-encoding': 'identity' })).body).toBe(plain.body);
  });
});
