import { useEffect } from 'react';
import { data, Link, useLocation } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { usePlayer } from '~/features/player/engine';
import { PlayerView } from '~/features/player/player-view';
import { bookInfo, summaryInfo } from '~/features/player/title-info';
import { useAuth } from '~/lib/auth-store';
import { href } from '~/lib/links';
import { required } from '~/lib/loaders.server';
import { pageMeta } from '~/lib/meta';
import { buttonClass } from '~/ui/buttons';
import { HeadphonesIcon } from '~/ui/icons';
import type { Route } from './+types/player';

type Kind = 'book' | 'summary';

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const kind: Kind = new URL(request.url).pathname.startsWith('/player/summary') ? 'summary' : 'book';
  const id = params.id && /^[1-9][0-9]{0,9}$/.test(params.id) ? Number(params.id) : null;
  if (id === null) {
    if (params.id) throw data(null, { status: 404 });
    return { kind, id: null, info: null, ebook: false };
  }
  if (kind === 'summary') {
    const summary = await required(context.api.summary(id));
    return { kind, id, info: summaryInfo(summary), ebook: false };
  }
  const book = await required(context.api.book(id));
  if (!book.audiobook) throw data(null, { status: 404 });
  const info = bookInfo(book);
  return { kind, id, info, ebook: book.ebook !== null };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: loaderData?.info ? `${loaderData.info.name} — ${mn.player.title}` : mn.player.title,
    noindex: true,
  });

/** `/player/book/:id?` and `/player/summary/:id?` (spec): the full player of a title. */
export default function PlayerPage({ loaderData }: Route.ComponentProps) {
  const { kind, id, info, ebook } = loaderData;
  const loaded = usePlayer((s) => s.title);
  const member = useAuth((s) => s.user?.id ?? null);
  const location = useLocation();
  // a tap on "Сонсох" navigates here with the wish to play; a page opened cold waits for play
  const autoplay = (location.state as { autoplay?: boolean } | null)?.autoplay === true;
  // `?chapter=N`: switched from the e-book, to go on at its chapter
  const chapter = Number(new URLSearchParams(location.search).get('chapter')) || undefined;
  useEffect(() => {
    if (id !== null && info) void usePlayer.getState().open(kind, id, info, { autoplay, chapter });
  }, [kind, id, info, autoplay, chapter, member]);

  if (id === null && !loaded) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <HeadphonesIcon width={40} height={40} className="mx-auto text-brand" />
        <h1 className="mt-4 text-2xl font-bold">{mn.player.nothingPlaying}</h1>
        <p className="mt-2 text-muted">{mn.player.nothingPlayingHint}</p>
        <div className="mt-6 flex justify-center gap-2">
          <Link to="/audio" className={buttonClass('primary')}>
            {mn.cloudPlayer.browseAudio}
          </Link>
          <Link to="/cloud-player" className={buttonClass('secondary')}>
            {mn.player.toCloudPlayer}
          </Link>
        </div>
      </div>
    );
  }
  return <PlayerView readHref={ebook && id !== null ? href.reader(id) : null} />;
}
