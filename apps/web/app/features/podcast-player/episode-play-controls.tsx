import { useEffect, useState } from 'react';
import { mn } from '@nomsan/contracts/messages';
import type { Publication } from '@nomsan/contracts/podcasts';
import { useAuth } from '~/lib/auth-store';
import { formatClock } from '~/lib/format';
import { href } from '~/lib/links';
import { SKIP_BACK_SECONDS } from '~/lib/player-constants';
import { buttonClass } from '~/ui/buttons';
import { PauseIcon, PlayIcon } from '~/ui/icons';
import { usePodcastPlayer, type PlayerAudio, type PlayerPublication } from './player-store';

/** An episode as the player holds it: a podcast-type publication and its audio/mpeg stream. */
export function episodeForPlayer(episode: Publication): { publication: PlayerPublication; audio: PlayerAudio } {
  return {
    publication: {
      id: episode.id,
      type: 'podcast',
      title: episode.title,
      web_link: href.episode(episode.podcast.slug, episode.slug),
      square_cover: episode.cover,
      series: { id: episode.podcast.id, name: episode.podcast.title, web_link: href.podcast(episode.podcast.slug) },
    },
    audio: { id: episode.id, duration: episode.duration_seconds, stream_url: episode.stream_url },
  };
}

/**
 * The episode page's buttons: play (or pause) the episode in the bar, and for a signed-in member
 * who stopped part-way, continue from there (their latest progress event, from any device).
 * Give it `key={episode.id}`: another episode starts with no progress known.
 */
export function EpisodePlayControls({ episode }: { episode: Publication }) {
  const loaded = usePodcastPlayer((state) => state.audio?.id === episode.id);
  const playing = usePodcastPlayer((state) => state.audio?.id === episode.id && state.isPlaying);
  const loggedIn = useAuth((state) => state.loggedIn);
  const [stoppedAt, setStoppedAt] = useState<number | null>(null);

  useEffect(() => {
    if (!loggedIn) return;
    let current = true;
    // the API client loads for members only, once the page is up (as the session check does)
    void import('~/lib/browser-api')
      .then(({ browserApi }) => browserApi().podcastProgress([episode.id]))
      .then(
        (found) => {
          if (current) setStoppedAt(found[0]?.progress ?? null);
        },
        // personal and optional: without it the episode still plays from the start
        (error: unknown) => console.warn('podcast progress unavailable', error),
      );
    return () => {
      current = false;
    };
  }, [episode.id, loggedIn]);

  const start = (startAt?: number) => {
    const { publication, audio } = episodeForPlayer(episode);
    usePodcastPlayer.getState().toggle(publication, audio, { startAt });
  };
  // worth offering between the first seconds and the last ones
  const resumable =
    !loaded && stoppedAt !== null && stoppedAt >= 1 && stoppedAt < episode.duration_seconds - SKIP_BACK_SECONDS;

  return (
    <div className="mt-5 flex flex-wrap items-center gap-3">
      <button type="button" className={buttonClass('primary', 'lg')} onClick={() => start()}>
        {playing ? <PauseIcon width={20} height={20} /> : <PlayIcon width={20} height={20} />}
        {playing ? mn.podcastPlayer.pause : resumable ? mn.podcastPlayer.fromStart : mn.podcast.listen}
      </button>
      {resumable ? (
        <button type="button" className={buttonClass('secondary', 'lg')} onClick={() => start(stoppedAt)}>
          <PlayIcon width={18} height={18} />
          {mn.podcastPlayer.continueFrom(formatClock(stoppedAt))}
        </button>
      ) : null}
    </div>
  );
}
