import type { PodcastCard } from '@nomsan/contracts/catalog';
import type { PodcastSeriesDetail, Publication } from '@nomsan/contracts/podcasts';
import type { EpisodeCard } from '@nomsan/contracts/search';
import type { ApiContext } from '../../context';
import { notFound } from '../../errors';
import { boundRepository, type Ctx } from '../../kernel/unit-of-work';
import { inOrderOf } from '../../lib/in-order';
import { coverImage } from '../../lib/media-urls';
import { pageOf, type Page } from '../../lib/paginate';
import { podcastsRepository, type PodcastsRepository } from './podcasts.repository';

type Key = { id: number } | { slug: string };

type SeriesRow = Awaited<ReturnType<PodcastsRepository['latestSeries']>>[number];
type EpisodeRow = Awaited<ReturnType<PodcastsRepository['episodes']>>[number];

export function podcastsService(context: ApiContext) {
  const repository = boundRepository(podcastsRepository);
  /** a feed's artwork as its host serves it (every size the same), or the media store's cover */
  const seriesCover = (row: { coverKey: string | null; coverColor: string; coverUrl: string | null }) =>
    row.coverUrl
      ? {
          ...coverImage(context.mediaBaseUrl, null, row.coverColor, 'square'),
          sm: row.coverUrl,
          md: row.coverUrl,
          lg: row.coverUrl,
        }
      : coverImage(context.mediaBaseUrl, row.coverKey, row.coverColor, 'square');
  const toCard = (row: SeriesRow): PodcastCard => ({
    id: row.id,
    slug: row.slug,
    type: 'podcast' as const,
    title: row.name,
    author: row.author,
    cover: seriesCover(row),
    episodes_count: row.episodesCount,
  });

  const episodeCard = (row: EpisodeRow): EpisodeCard => ({
    id: row.id,
    slug: row.slug,
    type: 'episode',
    title: row.title,
    podcast: { id: row.seriesId, slug: row.seriesSlug, title: row.seriesName },
    cover: seriesCover(row),
    duration_seconds: row.durationSeconds,
    published_at: row.publishedAt.toISOString(),
  });
  const publication = (row: EpisodeRow): Publication => ({
    ...episodeCard(row),
    description: row.description,
    number: row.number,
    // an episode of a feed plays from its host; the demo's from the media store
    stream_url: row.enclosureUrl ?? `${context.mediaBaseUrl}/audio/${row.audioFile}`,
    mime_type: 'audio/mpeg',
  });

  /** episodes with everything a page needs, in the order of `ids` */
  async function publications(ctx: Ctx, ids: number[]): Promise<Publication[]> {
    return ids.length === 0 ? [] : inOrderOf(ids, (await repository(ctx).episodes(ids)).map(publication));
  }

  return {
    async seriesCards(ctx: Ctx, limit: number): Promise<PodcastCard[]> {
      return (await repository(ctx).latestSeries(limit)).map(toCard);
    },

    /** cards of the given series, in the order of `ids` */
    async seriesCardsByIds(ctx: Ctx, ids: number[]): Promise<PodcastCard[]> {
      if (ids.length === 0) return [];
      return inOrderOf(ids, (await repository(ctx).latestSeries(ids.length, ids)).map(toCard));
    },

    /** episode cards, in the order of `ids`; unknown ids are left out */
    async episodeCardsByIds(ctx: Ctx, ids: number[]): Promise<EpisodeCard[]> {
      if (ids.length === 0) return [];
      return inOrderOf(ids, (await repository(ctx).episodes(ids)).map(episodeCard));
    },

    async series(ctx: Ctx, key: Key): Promise<PodcastSeriesDetail> {
      const id = await repository(ctx).seriesId(key);
      const row = id === null ? null : await repository(ctx).series(id);
      if (!row) throw notFound();
      return {
        id: row.id,
        slug: row.slug,
        type: 'podcast',
        title: row.name,
        author: row.author,
        description: row.description,
        cover: seriesCover(row),
        episodes_count: row.episodesCount,
      };
    },

    async publication(ctx: Ctx, id: number): Promise<Publication> {
      const [found] = await publications(ctx, [id]);
      if (!found) throw notFound();
      return found;
    },

    /** a series' episodes, newest first (`slug` narrows it to one) */
    async publications(
      ctx: Ctx,
      seriesId: number,
      options: { slug?: string; page: number; perPage: number },
    ): Promise<Page<Publication>> {
      const { ids, total } = await repository(ctx).seriesEpisodes(seriesId, {
        slug: options.slug,
        limit: options.perPage,
        offset: (options.page - 1) * options.perPage,
      });
      return pageOf(await publications(ctx, ids), options.page, options.perPage, total);
    },

    /** what search indexes: episodes, a batch at a time in id order (`ofSeries`: of those channels alone) */
    searchCorpusEpisodes: (ctx: Ctx, afterId: number, limit: number, ofSeries?: number[]) =>
      repository(ctx).searchCorpusEpisodes(afterId, limit, ofSeries),
  };
}
export type PodcastsService = ReturnType<typeof podcastsService>;
