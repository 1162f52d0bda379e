import { Link } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import type { Publication } from '@nomsan/contracts/podcasts';
import { formatDate, formatDuration } from '~/lib/format';
import { href } from '~/lib/links';
import { HeadphonesIcon } from '~/ui/icons';

/** A series' episodes as rows: number, title, date, length; each row links to its page. */
export function EpisodeList({ episodes, current }: { episodes: Publication[]; current?: number }) {
  return (
    <ol className="divide-y divide-line rounded-2xl border border-line bg-white">
      {episodes.map((episode) => (
        <li key={episode.id}>
          <Link
            to={href.episode(episode.podcast.slug, episode.slug)}
            aria-current={episode.id === current ? 'page' : undefined}
            className={`flex items-start gap-4 px-4 py-3 hover:bg-surface ${episode.id === current ? 'bg-brand-soft' : ''}`}
          >
            <span className="mt-0.5 grid size-9 shrink-0 place-items-center rounded-full bg-brand-soft text-brand">
              <HeadphonesIcon width={18} height={18} />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block text-xs font-semibold text-muted">{mn.podcast.episodeNumber(episode.number)}</span>
              <span className="line-clamp-2 font-semibold">{episode.title}</span>
              <span className="mt-0.5 block text-xs text-muted">
                {formatDate(episode.published_at)} · {formatDuration(episode.duration_seconds)}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ol>
  );
}
