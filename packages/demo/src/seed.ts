import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '@nomsan/db/client';
import { sql } from '@nomsan/db/orm';
import { billingPlan, billingSalesOffer } from '@nomsan/db/schema/billing';
import {
  catalogAudioChapter,
  catalogAudioEdition,
  catalogBook,
  catalogBookCategory,
  catalogBookContributor,
  catalogBookTag,
  catalogCategory,
  catalogContributor,
  catalogEbookEdition,
  catalogPublisher,
  catalogReview,
  catalogReviewReply,
  catalogSeries,
  catalogSlugHistory,
  catalogSummary,
  catalogSummaryCategory,
  catalogSummaryContributor,
  catalogTag,
  catalogTopic,
  catalogTopicItem,
} from '@nomsan/db/schema/catalog';
import {
  commerceBundle,
  commerceBundleItem,
  commerceCode,
  commerceCreditPack,
  commerceOffer,
} from '@nomsan/db/schema/commerce';
import { podcastEpisode, podcastSeries } from '@nomsan/db/schema/podcasts';
import { fixturesDir } from './fixtures-dir';
import { coverDesigns, generateCatalogue, PODCAST_AUDIO_FIXTURES } from './generate';
import { renderCovers } from './covers';
import type { DemoBook, DemoCatalogue } from './model';

export interface SeedOptions {
  titles: number;
  seed?: number;
  /**
   * where covers and the podcasts' episodes are written; null skips media (tests). The EPUBs and
   * recordings are not copied: the server takes them in (deliveries.ts)
   */
  mediaDir: string | null;
  log?: (message: string) => void;
}

/** Seeds the demo catalogue when the catalogue is empty; true when it did. */
export async function seedDemoIfEmpty(db: Db, options: SeedOptions): Promise<boolean> {
  const existing = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${catalogBook}`);
  if (Number(existing.rows[0]?.n ?? 0) > 0) return false;
  await seedDemo(db, options);
  return true;
}

/** Generates the catalogue and writes it in one transaction, then its media. */
export async function seedDemo(db: Db, options: SeedOptions): Promise<DemoCatalogue> {
  const log = options.log ?? (() => undefined);
  let started = performance.now();
  const catalogue = generateCatalogue({
    titles: options.titles,
    ...(options.seed === undefined ? {} : { seed: options.seed }),
  });
  log(`demo catalogue generated: ${catalogue.books.length} titles in ${Math.round(performance.now() - started)} ms`);
  started = performance.now();
  await db.transaction(async (tx) => {
    await insertCatalogue(tx as unknown as Db, catalogue);
  });
  // Fresh tables have no planner statistics until autovacuum gets to them; without them the
  // first minutes of a new catalogue run on bad plans.
  await db.execute(sql`analyze`);
  log(`demo catalogue written in ${Math.round(performance.now() - started)} ms`);
  if (options.mediaDir) {
    started = performance.now();
    copyFixtures(options.mediaDir);
    await renderCovers(coverDesigns(catalogue), join(options.mediaDir, 'covers'));
    log(`demo media ready in ${Math.round(performance.now() - started)} ms`);
  }
  return catalogue;
}

const BATCH = 1000;

async function insertBatched<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

async function insertCatalogue(db: Db, c: DemoCatalogue): Promise<void> {
  // A book's card columns are written with the book, as the catalogue's triggers (migration
  // 0011) would make them once its authors and editions follow: the triggers then find them
  // true and leave the rows alone, instead of rewriting every book once for each of them.
  const people = new Map(c.contributors.map((p) => [p.id, { id: p.id, name: p.name, slug: p.slug }]));
  const cardAuthorsOf = (links: DemoBook['contributors']) =>
    links
      .filter((link) => link.role === 'author')
      .sort((a, b) => a.position - b.position || a.contributorId - b.contributorId)
      .flatMap((link) => people.get(link.contributorId) ?? []);
  await insertBatched(c.publishers, (rows) =>
    db
      .insert(catalogPublisher)
      .values(
        rows.map((p) => ({ id: p.id, slug: p.slug, name: p.name, description: p.description, logoKey: p.logoKey })),
      ),
  );
  await insertBatched(c.contributors, (rows) =>
    db
      .insert(catalogContributor)
      .values(rows.map((p) => ({ id: p.id, slug: p.slug, name: p.name, bio: p.bio, photoKey: p.photoKey }))),
  );
  await insertBatched(c.categories, (rows) => db.insert(catalogCategory).values(rows));
  await insertBatched(c.tags, (rows) => db.insert(catalogTag).values(rows));
  await insertBatched(c.series, (rows) => db.insert(catalogSeries).values(rows));
  await insertBatched(c.books, (rows) =>
    db.insert(catalogBook).values(
      rows.map((b) => ({
        id: b.id,
        slug: b.slug,
        kind: b.kind,
        language: b.language,
        title: b.title,
        subtitle: b.subtitle,
        description: b.description,
        shortDescription: b.shortDescription,
        publisherId: b.publisherId,
        seriesId: b.seriesId,
        seriesPosition: b.seriesPosition,
        publishedYear: b.publishedYear,
        englishLevel: b.englishLevel,
        coverKey: b.coverKey,
        coverColor: b.coverColor,
        popularity: b.popularity,
        showcasePosition: b.showcasePosition,
        ratingAvg: b.ratingAvg,
        ratingCount: b.ratingCount,
        likesCount: b.likesCount,
        cardAuthors: cardAuthorsOf(b.contributors),
        audioSeconds: b.audio?.durationSeconds ?? null,
        ebookPages: b.ebook?.pages ?? null,
        publishedAt: new Date(b.publishedAt),
      })),
    ),
  );
  await insertBatched(
    c.books.flatMap((b) => b.contributors.map((link) => ({ bookId: b.id, ...link }))),
    (rows) => db.insert(catalogBookContributor).values(rows),
  );
  await insertBatched(
    c.books.flatMap((b) => b.categoryIds.map((categoryId) => ({ bookId: b.id, categoryId }))),
    (rows) => db.insert(catalogBookCategory).values(rows),
  );
  await insertBatched(
    c.books.flatMap((b) => b.tagIds.map((tagId) => ({ bookId: b.id, tagId }))),
    (rows) => db.insert(catalogBookTag).values(rows),
  );
  await insertBatched(
    c.books.flatMap((b) =>
      b.audio
        ? [
            {
              bookId: b.id,
              durationSeconds: b.audio.durationSeconds,
              sampleSeconds: b.audio.sampleSeconds,
              audioFile: b.audio.audioFile,
            },
          ]
        : [],
    ),
    (rows) => db.insert(catalogAudioEdition).values(rows),
  );
  await insertBatched(
    c.books.flatMap((b) => (b.audio ? b.audio.chapters.map((chapter) => ({ bookId: b.id, ...chapter })) : [])),
    (rows) => db.insert(catalogAudioChapter).values(rows),
  );
  await insertBatched(
    c.books.flatMap((b) => (b.ebook ? [{ bookId: b.id, pages: b.ebook.pages, epubFile: b.ebook.epubFile }] : [])),
    (rows) => db.insert(catalogEbookEdition).values(rows),
  );
  await insertBatched(c.summaries, (rows) =>
    db.insert(catalogSummary).values(
      rows.map((s) => ({
        id: s.id,
        slug: s.slug,
        bookId: s.bookId,
        title: s.title,
        description: s.description,
        body: s.body,
        readingMinutes: s.readingMinutes,
        audioDurationSeconds: s.audioDurationSeconds,
        audioFile: s.audioFile,
        coverKey: s.coverKey,
        coverColor: s.coverColor,
        popularity: s.popularity,
        cardAuthors: cardAuthorsOf(s.contributors),
        publishedAt: new Date(s.publishedAt),
      })),
    ),
  );
  await insertBatched(
    c.summaries.flatMap((s) => s.contributors.map((link) => ({ summaryId: s.id, ...link }))),
    (rows) => db.insert(catalogSummaryContributor).values(rows),
  );
  await insertBatched(
    c.summaries.flatMap((s) => s.categoryIds.map((categoryId) => ({ summaryId: s.id, categoryId }))),
    (rows) => db.insert(catalogSummaryCategory).values(rows),
  );
  await insertBatched(c.podcastSeries, (rows) => db.insert(podcastSeries).values(rows));
  await insertBatched(c.podcastEpisodes, (rows) =>
    db.insert(podcastEpisode).values(rows.map((e) => ({ ...e, publishedAt: new Date(e.publishedAt) }))),
  );
  await insertBatched(c.bundles, (rows) =>
    db.insert(commerceBundle).values(rows.map(({ itemIds: _items, ...bundle }) => bundle)),
  );
  await insertBatched(
    c.bundles.flatMap((b) => b.itemIds.map((itemId, position) => ({ bundleId: b.id, itemId, position }))),
    (rows) => db.insert(commerceBundleItem).values(rows),
  );
  await insertBatched(c.offers, (rows) => db.insert(commerceOffer).values(rows));
  await insertBatched(c.plans, (rows) => db.insert(billingPlan).values(rows));
  // two running discounts on plans (the banner's and the discount pages'), for two months from seeding
  const offerStart = new Date();
  const offerEnd = new Date(offerStart.getTime() + 60 * 24 * 60 * 60_000);
  const planId = (code: string) => c.plans.find((plan) => plan.code === code)!.id;
  await db.insert(billingSalesOffer).values([
    {
      planId: planId('audio-1m'),
      kind: 'auto_renew',
      discountPercent: 30,
      title: 'Аудио ном сар бүр 30% хямд',
      startsAt: offerStart,
      expiresAt: offerEnd,
    },
    {
      planId: planId('ebook-12m'),
      kind: 'one_time',
      discountPercent: 40,
      title: 'Цахим номын жилийн эрх 40% хямд',
      startsAt: offerStart,
      expiresAt: offerEnd,
    },
  ]);
  await insertBatched(c.creditPacks, (rows) => db.insert(commerceCreditPack).values(rows));
  // the campaigns on /promo: their codes give a credit, a week of audio books, or half off the
  // first month of an audio plan
  await db.insert(commerceCode).values([
    {
      code: 'NOMSAN2026',
      kind: 'promo',
      title: 'Шинэ жилийн бэлэг: 1 кредит',
      description: 'Дуртай номоо үүрд нээх 1 кредит. Нэг хэрэглэгч нэг удаа.',
      benefit: { type: 'credits', credits: 1 },
      maxRedemptions: 5000,
      startsAt: offerStart,
      endsAt: offerEnd,
      public: true,
    },
    {
      code: 'AUDIO7',
      kind: 'promo',
      title: '7 хоног аудио ном үнэгүй',
      description: 'Аудио номын сангаас 7 хоног хязгааргүй сонсоорой.',
      benefit: { type: 'subscription_days', scope: 'audio', days: 7 },
      maxRedemptions: 1000,
      startsAt: offerStart,
      endsAt: new Date(offerStart.getTime() + 14 * 24 * 60 * 60_000),
      public: true,
    },
    {
      code: 'SONSOH50',
      kind: 'promo',
      title: 'Аудио номын эрхийн эхний сар 50% хямд',
      description: 'Аудио номын эрхийн багцын эхний төлбөрт 50% хөнгөлөлт. Нэг хэрэглэгч нэг удаа.',
      benefit: { type: 'plan_discount', percent: 50, scope: 'audio' },
      maxRedemptions: 2000,
      startsAt: offerStart,
      endsAt: offerEnd,
      public: true,
    },
  ]);
  await insertBatched(c.reviews, (rows) =>
    db.insert(catalogReview).values(rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt) }))),
  );
  await insertBatched(c.reviewReplies, (rows) =>
    db.insert(catalogReviewReply).values(rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt) }))),
  );
  await insertBatched(c.topics, (rows) =>
    db.insert(catalogTopic).values(rows.map(({ items: _items, ...topic }) => topic)),
  );
  await insertBatched(
    c.topics.flatMap((t) => t.items.map((item, position) => ({ topicId: t.id, ...item, position }))),
    (rows) => db.insert(catalogTopicItem).values(rows),
  );
  await insertBatched(c.slugHistory, (rows) => db.insert(catalogSlugHistory).values(rows));

  // Rows were written with the generator's ids; move each identity past them.
  for (const table of [
    'catalog_publisher',
    'catalog_contributor',
    'catalog_category',
    'catalog_tag',
    'catalog_series',
    'catalog_book',
    'catalog_audio_chapter',
    'catalog_summary',
    'podcast_series',
    'podcast_episode',
    'commerce_bundle',
    'commerce_offer',
    'billing_plan',
    'commerce_credit_pack',
    'catalog_review',
    'catalog_review_reply',
    'catalog_topic',
  ]) {
    await db.execute(
      sql.raw(
        `select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max(id) from ${table}), 0) + 1, false)`,
      ),
    );
  }
}

/**
 * Copies what the store serves publicly: the podcast episodes (played as plain MP3). Audio
 * books, summaries and e-books are not copied: their recordings and EPUBs are taken in by the
 * server's media intake (deliveries.ts), packaged (encrypted) or served to entitled sessions
 * only, never public files.
 */
function copyFixtures(mediaDir: string): void {
  const source = join(fixturesDir(), 'audio');
  const target = join(mediaDir, 'audio');
  mkdirSync(target, { recursive: true });
  for (const file of PODCAST_AUDIO_FIXTURES) {
    if (!existsSync(join(target, file))) copyFileSync(join(source, file), join(target, file));
  }
}
