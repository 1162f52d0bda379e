import { Link, useLocation } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { CloseIcon } from '~/ui/icons';
import { usePlayer } from './engine';
import { TransportButtons } from './player-controls';

/**
 * The player at the bottom of every page while a title is loaded: it stays across client
 * navigation (the engine and its audio element live outside the routes). Hidden on the full
 * player's own page and in the reader.
 */
export function MiniPlayer({ aboveBottomBar }: { aboveBottomBar: boolean }) {
  const title = usePlayer((s) => s.title);
  const info = usePlayer((s) => s.info);
  const position = usePlayer((s) => s.position);
  const duration = usePlayer((s) => s.duration);
  const close = usePlayer((s) => s.close);
  const { pathname } = useLocation();
  // the full player shows it all; the reader's page is the book's alone
  if (!title || !info || pathname.startsWith('/player/') || pathname.startsWith('/reader/')) return null;
  const playerHref = `/player/${title.type}/${title.id}`;
  return (
    <div
      role="region"
      aria-label={mn.player.title}
      className={`fixed inset-x-0 z-40 border-t border-line bg-white shadow-[0_-6px_20px_rgba(15,23,42,0.08)] ${aboveBottomBar ? 'bottom-16 lg:bottom-0' : 'bottom-0 pb-[env(safe-area-inset-bottom)]'}`}
    >
      <div className="absolute inset-x-0 top-0 h-0.5 bg-line" aria-hidden="true">
        <div
          className="h-full bg-brand"
          style={{ width: `${duration > 0 ? Math.min(100, (position / duration) * 100) : 0}%` }}
        />
      </div>
      <div className="mx-auto flex max-w-6xl items-center gap-3 px-3 py-2 sm:px-4">
        <Link
          to={playerHref}
          className="flex min-w-0 flex-1 items-center gap-3"
          aria-label={`${mn.player.openFull}: ${info.name}`}
        >
          {info.cover ? (
            <img src={info.cover} alt="" width={44} height={44} className="size-11 shrink-0 rounded-lg object-cover" />
          ) : null}
          <span className="min-w-0">
            <span className="block truncate text-sm font-semibold">{info.name}</span>
            <span className="block truncate text-xs text-muted">{info.author}</span>
          </span>
        </Link>
        <TransportButtons size="sm" />
        <button
          type="button"
          onClick={close}
          aria-label={mn.player.close}
          className="inline-flex size-9 shrink-0 items-center justify-center rounded-full text-muted hover:bg-surface hover:text-ink"
        >
          <CloseIcon width={18} height={18} />
        </button>
      </div>
    </div>
  );
}
