import type { z } from 'zod';
import type {
  BundleKind,
  DeskBundle,
  DeskBundleItem,
  DeskBundleRow,
  deskBundleCreate,
  deskBundleUpdate,
} from '@nomsan/contracts/bundle-desk';
import type { DeskOffer } from '@nomsan/contracts/catalog-desk';
import { mn } from '@nomsan/contracts/messages';
import { slugify, uniqueSlug } from '@nomsan/contracts/slug';
import { AppError } from '../../errors';
import { tag } from '../../lib/cache-tags';
import { isUniqueViolation } from '../../lib/db-errors';
import { decodeCursor, encodeCursor } from '../../lib/keyset';
import { coverImage } from '../../lib/media-urls';
import type { Kernel } from '../../kernel/module';
import { boundRepository, transaction, type Ctx } from '../../kernel/unit-of-work';
import { bundleDeskRepository, type BundleFilter, type BundleSort } from './bundle-desk.repository';
import type { BundleRow } from './commerce.repository';

type OnChange = (tx: Ctx, change: { id: number; before: unknown; after: unknown }) => Promise<void>;
type Create = z.output<typeof deskBundleCreate>;
type Update = z.output<typeof deskBundleUpdate>;

/**
 * The catalogue's books or summaries by id, in the order asked, any status (the catalogue
 * module's desk answers it: commerce reads no catalogue table). Ids that are none are left out.
 */
export type BundleTitles = (ctx: Ctx, kind: BundleKind, ids: readonly number[]) => Promise<DeskBundleItem[]>;

/** the one offer on sale of a bundle, as the offers' form shows it */
type OfferOf = (ctx: Ctx, id: number) => Promise<DeskOffer | null>;

/**
 * The bundles desk (docs/catalog-desk.md, "Bundles"): bundles of books or of summaries made
 * off sale, changed, their titles chosen and ordered, put on sale only with titles and a
 * price. Every write runs in one transaction with its audit entry and the bundle's row locked
 * (so "on sale needs titles and a price" holds against a change of either at the same time),
 * then drops the cached answers made from the bundle in every process.
 */
export function bundleDesk(kernel: Kernel, offerOf: OfferOf) {
  const repository = boundRepository(bundleDeskRepository);
  const cover = (row: { coverKey: string | null; coverColor: string }) =>
    coverImage(kernel.mediaBaseUrl, row.coverKey, row.coverColor, 'square');
  /** its page, the shelves of bundles on its titles' pages (dropped with the offers) and its price */
  const changed = (ctx: Ctx, id: number) => kernel.invalidate(ctx, [tag.bundle(id), tag.offers]);

  async function locked(tx: Ctx, id: number): Promise<BundleRow> {
    const row = await repository(tx).bundle(id, true);
    if (!row) throw new AppError('NOT_FOUND', mn.bundleDesk.bundleNotFound);
    return row;
  }

  async function view(ctx: Ctx, id: number, titles: BundleTitles): Promise<DeskBundle> {
    const row = await repository(ctx).bundle(id);
    if (!row) throw new AppError('NOT_FOUND', mn.bundleDesk.bundleNotFound);
    const [items, offer] = await Promise.all([
      repository(ctx)
        .itemIds(id)
        .then((ids) => titles(ctx, row.kind, ids)),
      offerOf(ctx, id),
    ]);
    return {
      id: row.id,
      slug: row.slug,
      title: row.title,
      description: row.description,
      kind: row.kind,
      active: row.active,
      items,
      offer,
      cover: cover(row),
      // the web's links (apps/web/app/routes.ts): a book bundle's page and a summary bundle's
      url: row.kind === 'book' ? `/bundle/${row.slug}` : `/bundleSummary/${row.slug}`,
      created_at: row.createdAt.toISOString(),
    };
  }

  /** what the audit entry keeps of a bundle */
  const stateOf = (row: BundleRow) => ({ title: row.title, description: row.description, active: row.active });

  /** refuses putting on sale (or keeping on sale) a bundle without titles or without a price */
  function checkSellable(itemCount: number, offer: DeskOffer | null) {
    if (itemCount === 0) throw new AppError('BUSINESS_RULE', mn.bundleDesk.activeNeedsItems);
    if (offer?.price_mnt == null) throw new AppError('BUSINESS_RULE', mn.bundleDesk.activeNeedsPrice);
  }

  return {
    async bundles(
      ctx: Ctx,
      filter: BundleFilter,
      sort: BundleSort,
      after: string | undefined,
      limit: number,
    ): Promise<{ rows: DeskBundleRow[]; next: string | null }> {
      const rows = await repository(ctx).bundles(filter, sort, decodeCursor(after), limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        rows: page.map(({ bundle, itemsCount, priceMnt }) => ({
          id: bundle.id,
          slug: bundle.slug,
          title: bundle.title,
          kind: bundle.kind,
          active: bundle.active,
          items_count: itemsCount,
          price_mnt: priceMnt,
          created_at: bundle.createdAt.toISOString(),
          cover: cover(bundle),
        })),
        next:
          rows.length > limit && last
            ? encodeCursor([sort === 'title' ? last.titleKey : last.createdKey, last.bundle.id])
            : null,
      };
    },

    bundle: view,

    /** a new bundle, off sale until it has its titles and a price; its slug made from its title */
    async create(ctx: Ctx, input: Create, onChange: OnChange, titles: BundleTitles): Promise<DeskBundle> {
      const id = await transaction(ctx, async (tx) => {
        const base = slugify(input.title);
        const slug = uniqueSlug(base, new Set(await repository(tx).slugsLike(base)));
        let made: number;
        try {
          made = await repository(tx).insert({ ...input, slug, active: false });
        } catch (error) {
          // another bundle of the same title was made at the same moment: its slug stands
          if (isUniqueViolation(error)) throw new AppError('CONFLICT');
          throw error;
        }
        await onChange(tx, { id: made, before: null, after: { ...input, slug } });
        changed(tx, made);
        return made;
      });
      return view(ctx, id, titles);
    },

    /** its title or description (its slug stays: links to it keep working) */
    async update(ctx: Ctx, id: number, input: Update, onChange: OnChange, titles: BundleTitles): Promise<DeskBundle> {
      await transaction(ctx, async (tx) => {
        const row = await locked(tx, id);
        await repository(tx).update(id, input);
        await onChange(tx, { id, before: stateOf(row), after: stateOf({ ...row, ...input }) });
        changed(tx, id);
      });
      return view(ctx, id, titles);
    },

    /**
     * Its titles in order: books for a book bundle, summaries for a summary bundle, each once
     * (the primary key refuses one twice); one on sale keeps at least one.
     */
    async setItems(
      ctx: Ctx,
      id: number,
      itemIds: readonly number[],
      onChange: OnChange,
      titles: BundleTitles,
    ): Promise<DeskBundle> {
      await transaction(ctx, async (tx) => {
        const row = await locked(tx, id);
        const found = new Set((await titles(tx, row.kind, itemIds)).map((item) => item.id));
        const missing = itemIds.filter((itemId) => !found.has(itemId));
        if (missing.length > 0) {
          const message = (row.kind === 'book' ? mn.bundleDesk.booksNotFound : mn.bundleDesk.summariesNotFound)(
            missing.join(', '),
          );
          throw new AppError('VALIDATION_ERROR', message, { item_ids: message });
        }
        if (row.active && itemIds.length === 0) throw new AppError('BUSINESS_RULE', mn.bundleDesk.activeKeepsItems);
        const before = await repository(tx).itemIds(id);
        try {
          await repository(tx).replaceItems(id, itemIds);
        } catch (error) {
          if (isUniqueViolation(error)) {
            throw new AppError('VALIDATION_ERROR', mn.bundleDesk.itemTwice, { item_ids: mn.bundleDesk.itemTwice });
          }
          throw error;
        }
        await onChange(tx, { id, before: { item_ids: before }, after: { item_ids: itemIds } });
        changed(tx, id);
      });
      return view(ctx, id, titles);
    },

    /** on sale (it needs its titles and a price) or off */
    async setActive(
      ctx: Ctx,
      id: number,
      active: boolean,
      onChange: OnChange,
      titles: BundleTitles,
    ): Promise<DeskBundle> {
      await transaction(ctx, async (tx) => {
        const row = await locked(tx, id);
        if (active) checkSellable((await repository(tx).itemIds(id)).length, await offerOf(tx, id));
        await repository(tx).update(id, { active });
        await onChange(tx, { id, before: { active: row.active }, after: { active } });
        changed(tx, id);
      });
      return view(ctx, id, titles);
    },

    async setCover(
      ctx: Ctx,
      id: number,
      image: { key: string; color: string },
      onChange: OnChange,
      titles: BundleTitles,
    ): Promise<DeskBundle> {
      await transaction(ctx, async (tx) => {
        const row = await locked(tx, id);
        await repository(tx).update(id, { coverKey: image.key, coverColor: image.color });
        await onChange(tx, { id, before: { cover: row.coverKey }, after: { cover: image.key } });
        changed(tx, id);
      });
      return view(ctx, id, titles);
    },

    /**
     * Inside the transaction that changes a bundle's offer: its row locked, and a bundle on sale
     * keeps a price (its sale is not stopped, its price not emptied).
     */
    async guardOffer(tx: Ctx, id: number, terms: Omit<DeskOffer, 'format'> | null): Promise<void> {
      const row = await locked(tx, id);
      if (row.active && (terms === null || terms.price_mnt === null)) {
        throw new AppError('BUSINESS_RULE', mn.bundleDesk.activeKeepsPrice);
      }
      changed(tx, id);
    },
  };
}

export type BundleDesk = ReturnType<typeof bundleDesk>;
