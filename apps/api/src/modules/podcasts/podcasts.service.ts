import type { PodcastCard } from '@nomsan/contracts/catalog';
import type { EpisodeCard } from '@nomsan/contracts/search';
import type { ApiContext } from '../../context';
import { coverImage } from '../../lib/media-urls';
import { podcastsRepository } from './podcasts.repository';

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

  return {
    async seriesCards(limit: number): Promise<PodcastCard[]> {
      return (await repository.latestSeries(limit)).map(toCard);
    },

    /** cards of the given series, in the order of `ids` */
    async seriesCardsByIds(ids: number[]): Promise<PodcastCard[]> {
      if (ids.length === 0) return [];
      const cards = new Map((await repository.latestSeries(ids.length, ids)).map((row) => [row.id, toCard(row)]));
      return ids.flatMap((id) => cards.get(id) ?? []);
    },

    /** episode cards, in the order of `ids`; unknown ids are left out */
    async episodeCardsByIds(ids: number[]): Promise<EpisodeCard[]> {
      if (ids.length === 0) return [];
      const rows = new Map((await repository.episodes(ids)).map((row) => [row.id, row]));
      return ids.flatMap((id) => {
        const row = rows.get(id);
        if (!row) return [];
        return {
          id: row.id,
          slug: row.slug,
          type: 'episode' as const,
          title: row.title,
          podcast: { id: row.seriesId, slug: row.seriesSlug, title: row.seriesName },
          cover: coverImage(context.mediaBaseUrl, row.coverKey, row.coverColor, 'square'),
          duration_seconds: row.durationSeconds,
          published_at: row.publishedAt.toISOString(),
        };
      });
    },

    searchCorpusEpisodes: repository.searchCorpusEpisodes,
  };
}
export type PodcastsService = ReturnType<typeof podcastsService>;
