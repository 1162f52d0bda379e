import { mn } from '@nomsan/contracts/messages';
import type { PodcastFeed } from '@nomsan/contracts/podcasts';
import { slugify, uniqueSlug } from '@nomsan/contracts/slug';
import { AppError, notFound } from '../../errors';
import { tag } from '../../lib/cache-tags';
import { outboundGet, OutboundRefused } from '../../lib/outbound-fetch';
import type { Kernel } from '../../kernel/module';
import { boundRepository, transaction, type Ctx } from '../../kernel/unit-of-work';
import { FeedInvalid, parseFeed, type FeedChannel, type FeedItem } from './rss';
import { podcastsRepository } from './podcasts.repository';

/** a feed is asked again after this long (the hourly schedule takes those due) */
export const FEED_REFRESH_MS = 60 * 60_000;
const MAX_FEED_BYTES = 30 * 1024 * 1024;

/** what the caller records in the transaction that writes the import (the audit log) */
type OnWritten = (tx: Ctx, result: FeedImport) => Promise<void>;

export interface FeedImport {
  series: PodcastFeed;
  created: number;
  updated: number;
  /** 304: the feed had not changed since it was last read */
  unchanged: boolean;
}

type SeriesRow = NonNullable<Awaited<ReturnType<ReturnType<typeof podcastsRepository>['seriesRow']>>>;

const feedView = (row: SeriesRow, episodes: number): PodcastFeed => ({
  id: row.id,
  slug: row.slug,
  title: row.name,
  feed_url: row.feedUrl!,
  episodes_count: episodes,
  checked_at: row.feedCheckedAt?.toISOString() ?? null,
  error: row.feedError,
});

/**
 * Channels added by their RSS feed (docs/podcasts.md): read through the guarded outbound fetch
 * (http(s), no internal addresses outside the sandbox, 30 MB, 15 s), parsed without DTDs, and
 * written as a series with one episode per item (its guid), so reading a feed again updates
 * and adds, never duplicates. Refreshes send the last ETag / Last-Modified back; a 304 changes
 * nothing. Listeners hear of every change (search reindexes).
 */
export function podcastFeeds(kernel: Kernel, options: { allowPrivate: boolean }) {
  const repository = boundRepository(podcastsRepository);
  const listeners: ((ctx: Ctx, seriesId: number) => Promise<void>)[] = [];

  /** the feed's body, or null for a 304 */
  async function fetchFeed(url: string, validators: { etag: string | null; lastModified: string | null }) {
    const headers: Record<string, string> = { accept: 'application/rss+xml, application/xml;q=0.9, */*;q=0.5' };
    if (validators.etag) headers['if-none-match'] = validators.etag;
    if (validators.lastModified) headers['if-modified-since'] = validators.lastModified;
    let response;
    try {
      response = await outboundGet(url, { allowPrivate: options.allowPrivate, headers, maxBytes: MAX_FEED_BYTES });
    } catch (error) {
      if (!(error instanceof OutboundRefused)) throw error;
      const message = {
        scheme: mn.podcastFeeds.urlInvalid,
        credentials: mn.podcastFeeds.urlInvalid,
        address: mn.podcastFeeds.addressRefused,
        redirects: mn.podcastFeeds.unreachable,
        too_large: mn.podcastFeeds.tooLarge,
        timeout: mn.podcastFeeds.unreachable,
        status: mn.podcastFeeds.unreachable,
        network: mn.podcastFeeds.unreachable,
      }[error.reason];
      throw new AppError('BUSINESS_RULE', message, { feed_url: message });
    }
    if (response.status === 304) return null;
    if (response.status !== 200) {
      throw new AppError('BUSINESS_RULE', mn.podcastFeeds.status(response.status), {
        feed_url: mn.podcastFeeds.status(response.status),
      });
    }
    let channel: FeedChannel;
    try {
      channel = parseFeed(response.body.toString('utf8'));
    } catch (error) {
      if (!(error instanceof FeedInvalid)) throw error;
      throw new AppError('BUSINESS_RULE', mn.podcastFeeds.notRss, { feed_url: mn.podcastFeeds.notRss });
    }
    const header = (name: string) => {
      const value = response.headers[name];
      return typeof value === 'string' ? value.slice(0, 200) : null;
    };
    return { channel, etag: header('etag'), lastModified: header('last-modified') };
  }

  /** the items as episodes of `seriesId`: new ones inserted, changed ones updated */
  async function writeEpisodes(ctx: Ctx, seriesId: number, items: FeedItem[]) {
    const existing = await repository(ctx).feedEpisodes(seriesId);
    const byGuid = new Map(existing.map((e) => [e.guid, e]));
    const slugs = new Set(existing.map((e) => e.slug));
    // numbers follow the feed's own (itunes:episode), else the order of publication
    const chronological = [...new Map(items.map((item) => [item.guid, item])).values()].sort(
      (a, b) => (a.publishedAt?.getTime() ?? 0) - (b.publishedAt?.getTime() ?? 0),
    );
    const fresh = [];
    let updated = 0;
    for (const [index, item] of chronological.entries()) {
      const fields = {
        title: item.title,
        description: item.description,
        durationSeconds: item.durationSeconds,
        enclosureUrl: item.enclosureUrl,
        publishedAt: item.publishedAt ?? kernel.clock.now(),
        number: item.episode ?? Math.min(index + 1, 32_767),
      };
      const known = byGuid.get(item.guid);
      if (!known) {
        const slug = uniqueSlug(slugify(item.title), slugs);
        slugs.add(slug);
        fresh.push({ ...fields, seriesId, guid: item.guid, slug });
        continue;
      }
      const changed =
        known.title !== fields.title ||
        known.description !== fields.description ||
        known.durationSeconds !== fields.durationSeconds ||
        known.enclosureUrl !== fields.enclosureUrl ||
        known.number !== fields.number ||
        (item.publishedAt !== null && known.publishedAt.getTime() !== item.publishedAt.getTime());
      if (changed) {
        await repository(ctx).updateEpisode(
          known.id,
          item.publishedAt ? fields : { ...fields, publishedAt: known.publishedAt },
        );
        updated++;
      }
    }
    await repository(ctx).insertEpisodes(fresh);
    return { created: fresh.length, updated, total: existing.length + fresh.length };
  }

  async function changed(ctx: Ctx, seriesId: number): Promise<void> {
    kernel.invalidate(ctx, [tag.podcast(seriesId), tag.catalog]);
    for (const listener of listeners) await listener(ctx, seriesId);
  }

  async function refreshSeries(
    ctx: Ctx,
    series: SeriesRow,
    force: boolean,
    onWritten?: OnWritten,
  ): Promise<FeedImport> {
    const now = kernel.clock.now();
    let read;
    try {
      read = await fetchFeed(series.feedUrl!, {
        etag: force ? null : series.feedEtag,
        lastModified: force ? null : series.feedLastModified,
      });
    } catch (error) {
      const reason = error instanceof AppError ? error.message : mn.podcastFeeds.unreachable;
      await repository(ctx).updateSeries(series.id, { feedCheckedAt: now, feedError: reason });
      throw error;
    }
    if (!read) {
      return transaction(ctx, async (tx) => {
        await repository(tx).updateSeries(series.id, { feedCheckedAt: now, feedError: null });
        const count = (await repository(tx).episodeCounts([series.id])).get(series.id) ?? 0;
        const result = {
          series: feedView({ ...series, feedCheckedAt: now, feedError: null }, count),
          created: 0,
          updated: 0,
          unchanged: true,
        };
        await onWritten?.(tx, result);
        return result;
      });
    }
    const { channel } = read;
    return transaction(ctx, async (tx) => {
      const set = {
        name: channel.title,
        description: channel.description,
        author: channel.author,
        coverUrl: channel.imageUrl,
        feedEtag: read.etag,
        feedLastModified: read.lastModified,
        feedCheckedAt: now,
        feedError: null,
      };
      await repository(tx).updateSeries(series.id, set);
      const written = await writeEpisodes(tx, series.id, channel.items);
      await changed(tx, series.id);
      const result = {
        series: feedView({ ...series, ...set }, written.total),
        created: written.created,
        updated: written.updated,
        unchanged: false,
      };
      await onWritten?.(tx, result);
      return result;
    });
  }

  return {
    /** hears of every channel added or changed by a feed, in its transaction (search indexes its episodes) */
    onChanged(listener: (ctx: Ctx, seriesId: number) => Promise<void>): void {
      listeners.push(listener);
    },

    /** adds a channel by its feed; one added already is read again instead */
    async add(ctx: Ctx, feedUrl: string, onWritten?: OnWritten): Promise<FeedImport> {
      const known = await repository(ctx).seriesByFeed(feedUrl);
      if (known) return refreshSeries(ctx, known, true, onWritten);
      const read = await fetchFeed(feedUrl, { etag: null, lastModified: null });
      if (!read) throw new AppError('BUSINESS_RULE', mn.podcastFeeds.unreachable);
      const { channel } = read;
      return transaction(ctx, async (tx) => {
        const base = slugify(channel.title);
        const slug = uniqueSlug(base, new Set(await repository(tx).seriesSlugsLike(base)));
        const series = await repository(tx).insertSeries({
          slug,
          name: channel.title,
          description: channel.description,
          author: channel.author,
          coverUrl: channel.imageUrl,
          feedUrl,
          feedEtag: read.etag,
          feedLastModified: read.lastModified,
          feedCheckedAt: kernel.clock.now(),
        });
        const written = await writeEpisodes(tx, series.id, channel.items);
        await changed(tx, series.id);
        const result = {
          series: feedView(series, written.total),
          created: written.created,
          updated: 0,
          unchanged: false,
        };
        await onWritten?.(tx, result);
        return result;
      });
    },

    /** reads one channel's feed now (staff's "refresh") */
    async refresh(ctx: Ctx, seriesId: number, onWritten?: OnWritten): Promise<FeedImport> {
      const series = await repository(ctx).seriesRow(seriesId);
      if (!series?.feedUrl) throw notFound();
      return refreshSeries(ctx, series, false, onWritten);
    },

    /** the schedule's work: every feed not read for an hour, one after another; failures noted */
    async refreshDue(ctx: Ctx): Promise<{ refreshed: number; failed: number }> {
      const due = await repository(ctx).feedSeries(new Date(kernel.clock.now().getTime() - FEED_REFRESH_MS + 60_000));
      let refreshed = 0;
      let failed = 0;
      for (const series of due) {
        try {
          await refreshSeries(ctx, series, false);
          refreshed++;
        } catch (error) {
          failed++;
          if (!(error instanceof AppError)) kernel.onError(error, `podcast feed ${series.id} refresh failed`);
        }
      }
      return { refreshed, failed };
    },

    /** the channels added by feed, for the back office */
    async list(ctx: Ctx): Promise<PodcastFeed[]> {
      const rows = await repository(ctx).feedSeries();
      const counts = await repository(ctx).episodeCounts(rows.map((row) => row.id));
      return rows.map((row) => feedView(row, counts.get(row.id) ?? 0));
    },
  };
}

export type PodcastFeeds = ReturnType<typeof podcastFeeds>;
