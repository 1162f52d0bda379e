import { useRef, useState } from 'react';
import { mn } from '@nomsan/contracts/messages';
import { podcastFeedRequest, type PodcastFeed } from '@nomsan/contracts/podcasts';
import { podcastFeedEndpoints } from '@nomsan/contracts/podcasts.endpoints';
import { formatDateTime } from '~/lib/format';
import { href } from '~/lib/links';
import { Spinner, TextField } from '~/ui/form';
import { FormAlert } from '~/ui/retry-notice';
import { adminApi } from './admin-api';
import { useStaffFailure, useStaffForm } from './form';
import { Chip, DataTable, Panel, Submit, adminButton, type Column } from './ui';

const t = mn.admin.podcasts;

/** What reading a feed did: episodes made and changed, or nothing new since the last read (304). */
export interface FeedResult {
  series: PodcastFeed;
  created: number;
  updated: number;
  unchanged: boolean;
}

export const describeResult = (result: FeedResult) =>
  result.unchanged ? t.unchanged(result.series.title) : t.result(result.series.title, result.created, result.updated);

/** Add a channel by its RSS address: the episodes come in with it (a channel there already is read again). */
export function AddFeedForm({ onAdded }: { onAdded: (result: FeedResult) => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [url, setUrl] = useState('');
  const [result, setResult] = useState<FeedResult | null>(null);
  const form = useStaffForm(podcastFeedRequest, ['feed_url']);
  const send = () =>
    form.submit(formRef.current, { feed_url: url }, async (body) => {
      setResult(null);
      const { data } = await adminApi().call(podcastFeedEndpoints.addFeed, { body });
      setResult(data);
      setUrl('');
      onAdded(data);
    });
  return (
    <Panel title={t.addTitle} lead={t.addLead}>
      {result ? (
        <p
          role="status"
          className="mb-4 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900"
        >
          {describeResult(result)}
        </p>
      ) : null}
      <form
        ref={formRef}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
        className="space-y-3"
      >
        <FormAlert message={form.message} wait={form.wait} onWaitEnd={form.endWait} />
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <TextField
            label={t.feedUrl}
            name="feed_url"
            type="url"
            inputMode="url"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="https://"
            value={url}
            error={form.error('feed_url')}
            onChange={(event) => {
              setUrl(event.target.value);
              form.clear('feed_url');
            }}
            className="min-w-0 flex-1"
          />
          <Submit pending={form.pending} waiting={form.wait !== null} className="h-12 sm:mt-7">
            {form.pending ? t.adding : t.add}
          </Submit>
        </div>
      </form>
    </Panel>
  );
}

/** A channel's feed read again now; what it did is told above the table. */
function RefreshButton({
  feed,
  onRefreshed,
}: {
  feed: PodcastFeed;
  onRefreshed: (result: FeedResult | string) => void;
}) {
  const failed = useStaffFailure();
  const [pending, setPending] = useState(false);
  async function refresh() {
    setPending(true);
    try {
      const { data } = await adminApi().call(podcastFeedEndpoints.refreshFeed, { params: { id: feed.id } });
      onRefreshed(data);
    } catch (error) {
      const message = failed(error);
      if (message) onRefreshed(message);
    } finally {
      setPending(false);
    }
  }
  return (
    <button
      type="button"
      onClick={() => void refresh()}
      disabled={pending}
      aria-label={`${t.refresh}: ${feed.title}`}
      className={adminButton('secondary', 'sm')}
    >
      {pending ? <Spinner /> : null}
      {t.refresh}
    </button>
  );
}

/** The channels added by feed: episodes, when last read, why the last read failed, and a refresh each. */
export function FeedsTable({
  feeds,
  onRefreshed,
}: {
  feeds: readonly PodcastFeed[];
  onRefreshed: (result: FeedResult | string) => void;
}) {
  const columns: Column<PodcastFeed>[] = [
    {
      id: 'channel',
      header: t.channel,
      bare: true,
      cell: (feed) => (
        <>
          <a href={href.podcast(feed.slug)} target="_blank" rel="noopener" className="font-semibold hover:text-brand">
            {feed.title}
          </a>
          <span className="block font-mono text-xs text-muted [overflow-wrap:anywhere]">{feed.feed_url}</span>
        </>
      ),
    },
    {
      id: 'episodes',
      header: t.episodes,
      className: 'md:w-24 md:text-right tabular-nums',
      cell: (feed) => feed.episodes_count,
    },
    {
      id: 'checked',
      header: t.checked,
      className: 'md:w-40 whitespace-nowrap tabular-nums',
      cell: (feed) =>
        feed.checked_at ? (
          <time dateTime={feed.checked_at}>{formatDateTime(feed.checked_at)}</time>
        ) : (
          <span className="text-muted">{t.notChecked}</span>
        ),
    },
    {
      id: 'state',
      header: t.state,
      className: 'md:w-64',
      cell: (feed) =>
        feed.error ? (
          <span className="block">
            <Chip tone="bad">{t.failed}</Chip>
            <span className="mt-1 block text-xs text-red-800 [overflow-wrap:anywhere]">{feed.error}</span>
          </span>
        ) : (
          <Chip tone="good">{t.ok}</Chip>
        ),
    },
    {
      id: 'actions',
      header: t.actions,
      className: 'md:w-32 md:text-right',
      cell: (feed) => <RefreshButton feed={feed} onRefreshed={onRefreshed} />,
    },
  ];
  return <DataTable label={t.list} columns={columns} rows={feeds} rowKey={(feed) => feed.id} empty={t.empty} />;
}
