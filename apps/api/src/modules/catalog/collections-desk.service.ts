import type { z } from 'zod';
import {
  SHOWCASE_MAX,
  TOPIC_ITEMS_MAX,
  type deskTopicCreate,
  type deskTopicUpdate,
  type DeskCollectionItem,
  type DeskShowcaseItem,
  type DeskTopic,
  type DeskTopicRow,
} from '@nomsan/contracts/collections-desk';
import { mn } from '@nomsan/contracts/messages';
import { slugify, uniqueSlug } from '@nomsan/contracts/slug';
import { AppError } from '../../errors';
import { tag } from '../../lib/cache-tags';
import { coverImage } from '../../lib/media-urls';
import type { Kernel } from '../../kernel/module';
import { boundRepository, transaction, type Ctx } from '../../kernel/unit-of-work';
import type { PodcastsService } from '../podcasts/podcasts.service';
import { collectionsDeskRepository, type ItemType } from './collections-desk.repository';

type Create = z.output<typeof deskTopicCreate>;
type Update = z.output<typeof deskTopicUpdate>;
type ItemKey = { type: ItemType; id: number };
/** what the caller records in the transaction of the change (the audit log) */
export type OnChange = (tx: Ctx, change: { id: number | null; before: unknown; after: unknown }) => Promise<void>;

const m = mn.collectionsDesk;
/** podcasts offered to choose from: the store has tens of them; the newest this many are searched */
const PODCASTS_SEARCHED = 500;
const PODCASTS_FOUND = 8;

const keyOf = (item: ItemKey) => `${item.type}:${item.id}`;

/** the same things in any order, each once */
function sameSet(current: readonly string[], asked: readonly string[]): boolean {
  if (current.length !== asked.length) return false;
  const have = new Set(current);
  return asked.every((key) => have.has(key));
}

const stale = () => new AppError('CONFLICT', m.orderStale);

/**
 * The collections desk (docs/catalog-desk.md, "Collections"): the discovery topics the home and
 * for-you pages show as rows, their items in order, and the hero showcase. Every write runs in
 * one transaction with its audit entry, under a lock on the list it changes (the topic's row,
 * or the list's advisory lock): an order is checked against the list it replaces and written
 * whole in one statement, so two editors at once leave one of their orders, never a mix. After
 * it commits, the store's cached answers made from that list are dropped in every process.
 */
export function collectionsDesk(kernel: Kernel, podcasts: Pick<PodcastsService, 'seriesCards' | 'seriesCardsByIds'>) {
  const repository = boundRepository(collectionsDeskRepository);
  /** the store's topic list and these topics' pages (after the commit, in every process) */
  const topicsChanged = (tx: Ctx, ...ids: number[]) => kernel.invalidate(tx, [tag.topics, ...ids.map(tag.topic)]);

  const rowOf = (row: Awaited<ReturnType<ReturnType<typeof repository>['topics']>>[number]): DeskTopicRow => ({
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    active: row.active,
    position: row.position,
    items_count: row.itemsCount,
    // the web's link (apps/web/app/lib/links.ts)
    url: `/topic/${row.slug}`,
  });

  const topics = async (ctx: Ctx): Promise<DeskTopicRow[]> => (await repository(ctx).topics()).map(rowOf);

  /** the items of a list with their titles, whether members see them, and their covers */
  async function describe(ctx: Ctx, keys: readonly ItemKey[]): Promise<DeskCollectionItem[]> {
    const of = (type: ItemType) => keys.filter((key) => key.type === type).map((key) => key.id);
    const [books, summaries, series] = await Promise.all([
      repository(ctx).books(of('book')),
      repository(ctx).summaries(of('summary')),
      podcasts.seriesCardsByIds(ctx, of('podcast')),
    ]);
    const found = new Map<string, DeskCollectionItem>();
    for (const book of books) {
      found.set(`book:${book.id}`, {
        type: 'book',
        id: book.id,
        title: book.title,
        visible: book.status === 'published',
        status: book.status,
        cover: coverImage(kernel.mediaBaseUrl, book.coverKey, book.coverColor, 'book'),
      });
    }
    for (const summary of summaries) {
      found.set(`summary:${summary.id}`, {
        type: 'summary',
        id: summary.id,
        title: summary.title,
        visible: summary.status === 'published',
        status: summary.status,
        cover: coverImage(kernel.mediaBaseUrl, summary.coverKey, summary.coverColor, 'square'),
      });
    }
    for (const card of series) {
      found.set(`podcast:${card.id}`, {
        type: 'podcast',
        id: card.id,
        title: card.title,
        visible: true,
        status: null,
        cover: card.cover,
      });
    }
    // an item whose title is gone from the catalogue stays listed, so it can be taken out
    return keys.map(
      (key) =>
        found.get(keyOf(key)) ?? {
          type: key.type,
          id: key.id,
          title: `#${key.id}`,
          visible: false,
          status: null,
          cover: null,
        },
    );
  }

  async function topic(ctx: Ctx, id: number): Promise<DeskTopic> {
    const row = (await repository(ctx).topics()).find((t) => t.id === id);
    if (!row) throw new AppError('NOT_FOUND', m.topicNotFound);
    const items = await repository(ctx).items(id);
    return { ...rowOf(row), items: await describe(ctx, items) };
  }

  async function lockedTopic(tx: Ctx, id: number) {
    const row = await repository(tx).topic(id, true);
    if (!row) throw new AppError('NOT_FOUND', m.topicNotFound);
    return row;
  }

  /** the item exists and may be put in a topic (else a field error naming `id`) */
  async function checkItem(ctx: Ctx, item: ItemKey) {
    const exists =
      item.type === 'book'
        ? (await repository(ctx).books([item.id])).length > 0
        : item.type === 'summary'
          ? (await repository(ctx).summaries([item.id])).length > 0
          : (await podcasts.seriesCardsByIds(ctx, [item.id])).length > 0;
    if (exists) return;
    const message = { book: m.bookNotFound, summary: m.summaryNotFound, podcast: m.podcastNotFound }[item.type];
    throw new AppError('VALIDATION_ERROR', message, { id: message });
  }

  async function showcase(ctx: Ctx): Promise<DeskShowcaseItem[]> {
    return (await repository(ctx).showcase()).map((row, index) => ({
      id: row.id,
      title: row.title,
      status: row.status,
      position: index + 1,
      cover: coverImage(kernel.mediaBaseUrl, row.coverKey, row.coverColor, 'book'),
    }));
  }

  const showcaseChanged = (tx: Ctx) => kernel.invalidate(tx, [tag.showcase]);

  return {
    topics,
    topic,

    /** a new topic, last in the order; its slug made from its title (kept when it is renamed) */
    async createTopic(ctx: Ctx, input: Create, onChange: OnChange): Promise<DeskTopic> {
      const id = await transaction(ctx, async (tx) => {
        await repository(tx).lockList('topics');
        const base = slugify(input.title);
        const slug = uniqueSlug(base, new Set(await repository(tx).slugsLike(base)));
        const made = await repository(tx).insertTopic({
          slug,
          title: input.title,
          description: input.description,
          active: input.active,
        });
        await onChange(tx, { id: made, before: null, after: { ...input, slug } });
        topicsChanged(tx, made);
        return made;
      });
      return topic(ctx, id);
    },

    async updateTopic(ctx: Ctx, id: number, input: Update, onChange: OnChange): Promise<DeskTopic> {
      await transaction(ctx, async (tx) => {
        const row = await lockedTopic(tx, id);
        await repository(tx).updateTopic(id, input);
        const fields = Object.keys(input) as (keyof Update)[];
        await onChange(tx, { id, before: Object.fromEntries(fields.map((f) => [f, row[f]])), after: input });
        topicsChanged(tx, id);
      });
      return topic(ctx, id);
    },

    async deleteTopic(ctx: Ctx, id: number, onChange: OnChange): Promise<DeskTopicRow[]> {
      await transaction(ctx, async (tx) => {
        await repository(tx).lockList('topics');
        const row = await lockedTopic(tx, id);
        const items = await repository(tx).items(id);
        await repository(tx).deleteTopic(id);
        await onChange(tx, {
          id,
          before: {
            title: row.title,
            slug: row.slug,
            items: items.map(({ type, id: itemId }) => ({ type, id: itemId })),
          },
          after: null,
        });
        topicsChanged(tx, id);
      });
      return topics(ctx);
    },

    /** the topics' new order: exactly the topics there are, each once (else 409) */
    async orderTopics(ctx: Ctx, ids: number[], onChange: OnChange): Promise<DeskTopicRow[]> {
      await transaction(ctx, async (tx) => {
        await repository(tx).lockList('topics');
        const before = (await repository(tx).topics()).map((row) => row.id);
        if (!sameSet(before.map(String), ids.map(String))) throw stale();
        await repository(tx).orderTopics(ids);
        await onChange(tx, { id: null, before, after: ids });
        topicsChanged(tx, ...ids);
      });
      return topics(ctx);
    },

    async addItem(ctx: Ctx, id: number, item: ItemKey, onChange: OnChange): Promise<DeskTopic> {
      await transaction(ctx, async (tx) => {
        await lockedTopic(tx, id);
        await checkItem(tx, item);
        if ((await repository(tx).items(id)).length >= TOPIC_ITEMS_MAX) {
          throw new AppError('BUSINESS_RULE', m.topicFull(TOPIC_ITEMS_MAX));
        }
        if (!(await repository(tx).addItem(id, item.type, item.id))) throw new AppError('CONFLICT', m.itemTaken);
        await onChange(tx, { id, before: null, after: item });
        topicsChanged(tx, id);
      });
      return topic(ctx, id);
    },

    async removeItem(ctx: Ctx, id: number, item: ItemKey, onChange: OnChange): Promise<DeskTopic> {
      await transaction(ctx, async (tx) => {
        await lockedTopic(tx, id);
        if (!(await repository(tx).removeItem(id, item.type, item.id))) {
          throw new AppError('NOT_FOUND', m.itemNotFound);
        }
        await onChange(tx, { id, before: item, after: null });
        topicsChanged(tx, id);
      });
      return topic(ctx, id);
    },

    /** the topic's items in a new order: exactly its items, each once (else 409) */
    async orderItems(ctx: Ctx, id: number, items: ItemKey[], onChange: OnChange): Promise<DeskTopic> {
      await transaction(ctx, async (tx) => {
        await lockedTopic(tx, id);
        const before = (await repository(tx).items(id)).map(({ type, id: itemId }) => ({ type, id: itemId }));
        if (!sameSet(before.map(keyOf), items.map(keyOf))) throw stale();
        await repository(tx).orderItems(id, items);
        await onChange(tx, { id, before: before.map(keyOf), after: items.map(keyOf) });
        topicsChanged(tx, id);
      });
      return topic(ctx, id);
    },

    /** podcasts members see whose name holds `q` (any letter case), newest first */
    async podcasts(ctx: Ctx, q: string | undefined): Promise<{ id: number; name: string }[]> {
      const wanted = q?.trim().toLocaleLowerCase('mn') ?? '';
      return (await podcasts.seriesCards(ctx, PODCASTS_SEARCHED))
        .filter((card) => card.title.toLocaleLowerCase('mn').includes(wanted))
        .slice(0, PODCASTS_FOUND)
        .map((card) => ({ id: card.id, name: card.title }));
    },

    showcase,

    /** a published book after the showcase's last one */
    async addToShowcase(ctx: Ctx, bookId: number, onChange: OnChange): Promise<DeskShowcaseItem[]> {
      await transaction(ctx, async (tx) => {
        await repository(tx).lockList('showcase');
        const [book] = await repository(tx).books([bookId]);
        if (!book) throw new AppError('VALIDATION_ERROR', m.bookNotFound, { book_id: m.bookNotFound });
        if (book.status !== 'published') throw new AppError('BUSINESS_RULE', m.showcasePublishedOnly);
        const current = await repository(tx).showcase();
        if (current.some((row) => row.id === bookId)) throw new AppError('CONFLICT', m.showcaseTaken);
        if (current.length >= SHOWCASE_MAX) throw new AppError('BUSINESS_RULE', m.showcaseFull(SHOWCASE_MAX));
        await repository(tx).addToShowcase(bookId);
        await onChange(tx, { id: bookId, before: null, after: { title: book.title } });
        showcaseChanged(tx);
      });
      return showcase(ctx);
    },

    async removeFromShowcase(ctx: Ctx, bookId: number, onChange: OnChange): Promise<DeskShowcaseItem[]> {
      await transaction(ctx, async (tx) => {
        await repository(tx).lockList('showcase');
        const shown = (await repository(tx).showcase()).find((row) => row.id === bookId);
        if (!shown) throw new AppError('NOT_FOUND', m.showcaseNotFound);
        await repository(tx).removeFromShowcase(bookId);
        await onChange(tx, { id: bookId, before: { title: shown.title }, after: null });
        showcaseChanged(tx);
      });
      return showcase(ctx);
    },

    /** the showcase's new order: exactly its books, each once (else 409) */
    async orderShowcase(ctx: Ctx, ids: number[], onChange: OnChange): Promise<DeskShowcaseItem[]> {
      await transaction(ctx, async (tx) => {
        await repository(tx).lockList('showcase');
        const before = (await repository(tx).showcase()).map((row) => row.id);
        if (!sameSet(before.map(String), ids.map(String))) throw stale();
        await repository(tx).orderShowcase(ids);
        await onChange(tx, { id: null, before, after: ids });
        showcaseChanged(tx);
      });
      return showcase(ctx);
    },
  };
}

export type CollectionsDesk = ReturnType<typeof collectionsDesk>;
