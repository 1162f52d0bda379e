import type { PodcastProgress, ProgressEvent } from '@nomsan/contracts/analytics';
import { mn } from '@nomsan/contracts/messages';
import { AppError } from '../../errors';
import { boundRepository, transaction, type Ctx } from '../../kernel/unit-of-work';
import type { PodcastsService } from '../podcasts/podcasts.service';
import { analyticsRepository } from './analytics.repository';

/** Who sent an upload: the session's member, or a visitor (null). */
export interface Sender {
  userId: number | null;
}

export function analyticsService(deps: { podcasts: Pick<PodcastsService, 'episodeCardsByIds'> }) {
  const repository = boundRepository(analyticsRepository);

  return {
    /**
     * Keeps a file of progress events, all or nothing, in one transaction. Every line must name
     * a podcast episode (only podcasts are tracked); a line repeating a kept one is skipped by
     * the unique (device, publication, moment). Events belong to the sender's session, never to
     * the `u` a line claims: a line claiming another member is skipped.
     */
    async recordProgress(
      ctx: Ctx,
      sender: Sender,
      events: readonly ProgressEvent[],
    ): Promise<{ received: number; stored: number }> {
      return transaction(ctx, async (tx) => {
        const ids = [...new Set(events.map((event) => event.id))];
        const episodes = new Set((await deps.podcasts.episodeCardsByIds(tx, ids)).map((episode) => episode.id));
        const fields: Record<string, string> = {};
        events.forEach((event, i) => {
          if (!episodes.has(event.id)) fields[`file.${i + 1}.id`] = mn.analytics.unknownPublication;
        });
        if (Object.keys(fields).length > 0) throw new AppError('VALIDATION_ERROR', undefined, fields);
        const rows = events
          .filter((event) => event.u === null || event.u === sender.userId)
          .map((event) => ({
            publicationId: event.id,
            userId: sender.userId,
            deviceUuid: event.d,
            clientSession: event.s,
            progress: event.progress,
            occurredAt: new Date(event.t * 1000),
            event: event.e,
          }));
        return { received: events.length, stored: await repository(tx).insertProgress(rows) };
      });
    },

    /** where the member stopped in each of the episodes that has an event */
    async podcastProgress(ctx: Ctx, userId: number, publicationIds: readonly number[]): Promise<PodcastProgress[]> {
      const rows = await repository(ctx).latestProgress(userId, [...publicationIds]);
      return rows.map((row) => ({
        publication_id: row.publicationId,
        progress: row.progress,
        t: Math.floor(row.occurredAt.getTime() / 1000),
      }));
    },
  };
}

export type AnalyticsService = ReturnType<typeof analyticsService>;
