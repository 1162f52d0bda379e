import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { RecentItem } from '@nomsan/contracts/library';
import { mn } from '@nomsan/contracts/messages';
import { useAuth } from '~/lib/auth-store';
import { browserApi } from '~/lib/browser-api';
import { formatClock, formatDuration } from '~/lib/format';
import { href } from '~/lib/links';
import { pageMeta } from '~/lib/meta';
import { signInHref } from '~/lib/return-path';
import { buttonClass } from '~/ui/buttons';
import { HeadphonesIcon } from '~/ui/icons';

export const meta = () => pageMeta({ title: mn.cloudPlayer.title, noindex: true });

interface Listening {
  recent: RecentItem[];
  days: { date: string; seconds: number }[];
  total: number;
}

/** Minutes listened per day, the last 14 days, as bars (the numbers are in each bar's label). */
function ListeningChart({ days, total }: { days: Listening['days']; total: number }) {
  const most = Math.max(60, ...days.map((d) => d.seconds));
  return (
    <section aria-labelledby="listening-chart" className="rounded-3xl border border-line bg-white p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="listening-chart" className="text-lg font-bold">
          {mn.cloudPlayer.chart}
        </h2>
        <p className="text-sm text-muted">
          {mn.cloudPlayer.total(total > 0 ? formatDuration(total) : mn.book.minutes(0))}
        </p>
      </div>
      <ol className="mt-4 flex h-36 items-end gap-1.5">
        {days.map((day) => {
          const minutes = Math.round(day.seconds / 60);
          const label = mn.cloudPlayer.chartDay(day.date.slice(5).replace('-', '/'), minutes);
          return (
            <li
              key={day.date}
              className="flex h-full flex-1 flex-col items-center justify-end gap-1"
              aria-label={label}
              title={label}
            >
              <span
                className={`w-full rounded-t-md ${day.seconds > 0 ? 'bg-brand' : 'bg-line'}`}
                style={{ height: `${Math.max(3, (day.seconds / most) * 100)}%` }}
              />
              <span className="text-[10px] tabular-nums text-muted" aria-hidden="true">
                {day.date.slice(8)}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function RecentList({ items }: { items: RecentItem[] }) {
  if (items.length === 0) {
    return (
      <div className="rounded-3xl border border-dashed border-line p-8 text-center">
        <HeadphonesIcon width={32} height={32} className="mx-auto text-brand" />
        <p className="mt-3 font-semibold">{mn.cloudPlayer.empty}</p>
        <Link to="/audio" className={`mt-4 ${buttonClass('primary', 'sm')}`}>
          {mn.cloudPlayer.browseAudio}
        </Link>
      </div>
    );
  }
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {items.map((item) => {
        const listenable = item.format !== 'ebook';
        const to = listenable ? href.player(item.item_type, item.item_id) : href.reader(item.item_id);
        return (
          <li key={`${item.item_type}:${item.item_id}:${item.format}`}>
            <Link
              to={to}
              state={{ autoplay: true }}
              reloadDocument={!listenable}
              className="flex items-center gap-4 rounded-2xl border border-line bg-white p-3 hover:border-brand"
            >
              <img
                src={item.cover.sm}
                alt=""
                width={64}
                height={64}
                className="size-16 shrink-0 rounded-xl object-cover"
                style={{ background: item.cover.color }}
              />
              <span className="min-w-0 flex-1">
                <span className="block truncate font-semibold">{item.title}</span>
                <span className="mt-1 block text-xs text-muted">
                  {listenable ? `${formatClock(item.seconds)} · ` : ''}
                  {mn.cloudPlayer.progress(Math.round(item.progress * 100))}
                </span>
                <span className="mt-2 block h-1 overflow-hidden rounded-full bg-line" aria-hidden="true">
                  <span className="block h-full bg-brand" style={{ width: `${Math.round(item.progress * 100)}%` }} />
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** `/cloud-player` (spec): my audio, continue listening, and minutes listened per day. */
export default function CloudPlayerPage() {
  const loggedIn = useAuth((s) => s.loggedIn);
  const location = useLocation();
  const [listening, setListening] = useState<Listening | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!loggedIn) return;
    let live = true;
    const api = browserApi();
    Promise.all([api.recent(24), api.listeningStats(14)])
      .then(([recent, stats]) => live && setListening({ recent, days: stats.days, total: stats.total_seconds }))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [loggedIn]);
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{mn.cloudPlayer.title}</h1>
      <p className="mt-1 text-muted">{mn.cloudPlayer.description}</p>
      {!loggedIn ? (
        <div className="mt-8 rounded-3xl border border-line bg-white p-8 text-center">
          <p className="font-semibold">{mn.cloudPlayer.signIn}</p>
          <Link to={signInHref(location.pathname)} className={`mt-4 ${buttonClass('primary')}`}>
            {mn.cloudPlayer.signInButton}
          </Link>
        </div>
      ) : failed ? (
        <p className="mt-8 rounded-xl bg-red-50 px-4 py-3 text-red-700" role="alert">
          {mn.errors.UNAVAILABLE}
        </p>
      ) : !listening ? (
        <p className="mt-8 text-muted" role="status">
          {mn.player.loading}
        </p>
      ) : (
        <div className="mt-8 grid gap-8">
          <section aria-labelledby="continue-listening">
            <h2 id="continue-listening" className="mb-3 text-lg font-bold">
              {mn.cloudPlayer.continueListening}
            </h2>
            <RecentList items={listening.recent} />
          </section>
          <ListeningChart days={listening.days} total={listening.total} />
        </div>
      )}
    </div>
  );
}
