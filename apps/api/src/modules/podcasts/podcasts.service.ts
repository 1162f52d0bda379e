import type { PodcastCard } from '@nomsan/contracts/catalog';
import type { PodcastSeriesDetail, Publication } from '@nomsan/contracts/podcasts';
import type { EpisodeCard } from '@nomsan/contracts/search';
import type { ApiContext } from '../../context';
import { notFound } from '../../errors';
import { inOrderOf } from '../../lib/in-order';
import { coverImage } from '../../lib/media-urls';
import { pageOf, type Page } from '../../lib/paginate';
import { podcastsRepository } from './podcasts.repository';

type Key = { id: number } | { slug: string };

export function podcastsService(context: ApiContext) {
  const repository = podcastsRepository(context.db.db);
  const toCard = (row: Awaited<ReturnType<typeof repository.latestSeries>>[number]): PodcastCard => ({
    id: row.id,
    slug: row.slug,
    type: 'podcast' as const,
    title: row.name,
    author: row.author,
    cover: coverImage(context.mediaBaseUrl, row.coverKey, row.coverColor, 'square'),
    episodes_count: row.episodesCount,
  });

  type EpisodeRow = Awaited<ReturnType<typeof repository.episodes>>[number];
  const episodeCard = (row: EpisodeRow): EpisodeCard => ({
    id: row.id,
    slug: row.slug,
    type: 'episode',
    title: row.title,
    podcast: { id: row.seriesId, slug: row.seriesSlug, title: row.seriesName },
    cover: coverImage(context.mediaBaseUrl, row.coverKey, row.coverColor, 'square'),
    duration_seconds: row.durationSeconds,
    published_at: row.publishedAt.toISOString(),
  });
  const publication = (row: EpisodeRow): Publication => ({
    ...episodeCard(row),
    description: row.description,
    number: row.number,
    stream_url: `${context.mediaBaseUrl}/audio/${row.audioFile}`,
    mime_type: 'audio/mpeg',
  });

  /** episodes with everything a page needs, in the order of `ids` */
  async function publications(ids: number[]): Promise<Publication[]> {
    return ids.length === 0 ? [] : inOrderOf(ids, (await repository.episodes(ids)).map(publication));
  }

  return {
    async seriesCards(limit: number): Promise<PodcastCard[]> {
      return (await repository.latestSeries(limit)).map(toCard);
    },

    /** cards of the given series, in the order of `ids` */
    async seriesCardsByIds(ids: number[]): Promise<PodcastCard[]> {
      if (ids.length === 0) return [];
      return inOrderOf(ids, (await repository.latestSeries(ids.length, ids)).map(toCard));
    },

    /** episode cards, in the order of `ids`; unknown ids are left out */
    async episodeCardsByIds(ids: number[]): Promise<EpisodeCard[]> {
      if (ids.length === 0) return [];
      return inOrderOf(ids, (await repository.episodes(ids)).map(episodeCard));
    },

    async series(key: Key): Promise<PodcastSeriesDetail> {
      const id = await repository.seriesId(key);
      const row = id === null ? null : await repository.series(id);
      if (!row) throw notFound();
      return {
        id: row.id,
        slug: row.slug,
        type: 'podcast',
        title: row.name,
        author: row.author,
        description: row.description,
        cover: coverImage(context.mediaBaseUrl, row.coverKey, row.coverColor, 'square'),
        episodes_count: row.episodesCount,
      };
    },

    async publication(id: number): Promise<Publication> {
      const [found] = await publications([id]);
      if (!found) throw notFound();
      return found;
    },

    /** a series' episodes, newest first (`slug` narrows it to one) */
    async publications(
      seriesId: number,
      options: { slug?: string; page: number; perPage: number },
    ): Promise<Page<Publication>> {
      const { ids, total } = await repository.seriesEpisodes(seriesId, {
        slug: options.slug,
        limit: options.perPage,
        offset: (options.page - 1) * options.perPage,
      });
      return pageOf(await publications(ids), options.page, options.perPage, total);
    },

    searchCorpusEpisodes: repository.searchCorpusEpisodes,
  };
}
export type PodcastsService = ReturnType<typeof podcastsService>;
