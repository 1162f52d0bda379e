import type { PodcastCard } from '@nomsan/contracts/catalog';
import type { ApiContext } from '../../context';
import { coverImage } from '../catalog/media-urls';
import { podcastsRepository } from './podcasts.repository';

export function podcastsService(context: ApiContext) {
  const repository = podcastsRepository(context.db.db);
  return {
    async seriesCards(limit: number): Promise<PodcastCard[]> {
      const rows = await repository.latestSeries(limit);
      return rows.map((row) => ({
        id: row.id,
        slug: row.slug,
        type: 'podcast' as const,
        title: row.name,
        author: row.author,
        cover: coverImage(context.mediaBaseUrl, row.coverKey, row.coverColor, 'square'),
        episodes_count: row.episodesCount,
      }));
    },
  };
}
export type PodcastsService = ReturnType<typeof podcastsService>;
