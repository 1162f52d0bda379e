import type { PodcastCard } from '@nomsan/contracts/catalog';
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
  };
}
export type PodcastsService = ReturnType<typeof podcastsService>;
