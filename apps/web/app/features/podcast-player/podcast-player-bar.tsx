import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { useAuth } from '~/lib/auth-store';
import { deviceUuid } from '~/lib/device';
import { formatClock } from '~/lib/format';
import {
  PROGRESS_EVENT_INTERVAL_MS,
  PROGRESS_THROTTLE_MS,
  SEEK_DEBOUNCE_MS,
  SKIP_BACK_SECONDS,
  SKIP_FORWARD_SECONDS,
} from '~/lib/player-constants';
import {
  ChevronDownIcon,
  ChevronUpIcon,
  CloseIcon,
  HeadphonesIcon,
  PauseIcon,
  PlayIcon,
  SkipBackIcon,
  SkipForwardIcon,
} from '~/ui/icons';
import { usePodcastPlayer } from './player-store';

const iconButton =
  'grid size-10 shrink-0 place-items-center rounded-full text-ink transition-colors hover:bg-surface hover:text-brand';

/**
 * The fixed podcast bar of the default layout (spec sections 2 and 4): it owns the page's one
 * audio element for podcasts and shows once an episode is loaded. Play and pause follow the
 * element's own events; a progress event is buffered every 60 s of playback.
 */
export function PodcastPlayerBar({
  sessionId,
  aboveBottomBar,
}: {
  /** the browser session's id (the events' `s`) */
  sessionId: () => string;
  /** the phone's bottom bar is showing: sit on top of it */
  aboveBottomBar: boolean;
}) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const publication = usePodcastPlayer((state) => state.publication);
  const audio = usePodcastPlayer((state) => state.audio);
  const isPlaying = usePodcastPlayer((state) => state.isPlaying);
  const isHidden = usePodcastPlayer((state) => state.isHidden);
  const userId = useAuth((state) => state.user?.id ?? null);

  useEffect(() => {
    usePodcastPlayer.getState().setUser(userId);
  }, [userId]);

  useEffect(() => {
    const element = audioRef.current;
    if (!element) return;
    const player = usePodcastPlayer.getState();
    player.attach(element);
    let shownAt = 0;
    const onPlay = () => player.setPlaying(true);
    const onPause = () => player.setPlaying(false);
    const onTime = () => {
      const now = Date.now();
      if (now - shownAt < PROGRESS_THROTTLE_MS) return;
      shownAt = now;
      player.setProgress(element.currentTime);
    };
    const onJump = () => player.setProgress(element.currentTime);
    const onDuration = () => player.setMediaDuration(Number.isFinite(element.duration) ? element.duration : null);
    // one sound at a time: another player's audio starting (an audiobook) takes over, and the
    // bar closes (sending what it buffered) so the two bars never sit on each other
    const onOtherPlay = (event: Event) => {
      if (event.target !== element && event.target instanceof HTMLMediaElement && usePodcastPlayer.getState().audio)
        usePodcastPlayer.getState().close();
    };
    element.addEventListener('play', onPlay);
    element.addEventListener('pause', onPause);
    element.addEventListener('timeupdate', onTime);
    element.addEventListener('seeked', onJump);
    element.addEventListener('ended', onJump);
    element.addEventListener('durationchange', onDuration);
    document.addEventListener('play', onOtherPlay, true);
    return () => {
      document.removeEventListener('play', onOtherPlay, true);
      element.removeEventListener('play', onPlay);
      element.removeEventListener('pause', onPause);
      element.removeEventListener('timeupdate', onTime);
      element.removeEventListener('seeked', onJump);
      element.removeEventListener('ended', onJump);
      element.removeEventListener('durationchange', onDuration);
      player.attach(null);
    };
  }, []);

  // A progress event a minute while a podcast plays; pausing stops the timer.
  const tracked = isPlaying && publication?.type === 'podcast';
  useEffect(() => {
    if (!tracked) return;
    const timer = setInterval(
      () => usePodcastPlayer.getState().recordProgress({ session: sessionId(), device: deviceUuid(), now: new Date() }),
      PROGRESS_EVENT_INTERVAL_MS,
    );
    return () => clearInterval(timer);
  }, [tracked, sessionId]);

  return (
    <>
      {/* the stream_url is set by the player (audio/mpeg); the bar's buttons are its controls */}
      <audio ref={audioRef} preload="none" hidden data-player="podcast" />
      {publication && audio ? (
        <>
          {/* room at the end of the page, so the bar never covers the footer */}
          <div aria-hidden="true" className={isHidden ? '' : 'h-32 lg:h-20'} />
          <Bar aboveBottomBar={aboveBottomBar} />
          {isHidden ? <ShowHandle aboveBottomBar={aboveBottomBar} playing={isPlaying} /> : null}
        </>
      ) : null}
    </>
  );
}

function Bar({ aboveBottomBar }: { aboveBottomBar: boolean }) {
  const publication = usePodcastPlayer((state) => state.publication);
  const audio = usePodcastPlayer((state) => state.audio);
  const isPlaying = usePodcastPlayer((state) => state.isPlaying);
  const isHidden = usePodcastPlayer((state) => state.isHidden);
  const player = usePodcastPlayer.getState();
  if (!publication || !audio) return null;
  const t = mn.podcastPlayer;
  return (
    <section
      aria-label={t.region}
      hidden={isHidden}
      className={`fixed inset-x-0 z-40 border-t border-line bg-white shadow-[0_-6px_20px_rgba(15,23,42,0.08)] ${aboveBottomBar ? 'bottom-16 lg:bottom-0' : 'bottom-0 pb-[env(safe-area-inset-bottom)]'}`}
    >
      <div className="mx-auto grid max-w-screen-xl grid-cols-[minmax(0,1fr)_auto] items-center gap-x-2 gap-y-1 px-3 pt-2 pb-2 lg:grid-cols-[minmax(0,18rem)_minmax(0,1fr)_auto] lg:gap-x-6 lg:px-6 lg:py-3">
        <div className="flex min-w-0 items-center gap-3">
          <img
            src={publication.square_cover.sm}
            alt=""
            width={44}
            height={44}
            className="size-11 shrink-0 rounded-lg object-cover"
            style={{ backgroundColor: publication.square_cover.color }}
          />
          <div className="min-w-0">
            <Link to={publication.web_link} className="block truncate text-sm font-semibold hover:underline">
              {publication.title}
            </Link>
            <Link to={publication.series.web_link} className="block truncate text-xs text-muted hover:underline">
              {publication.series.name}
            </Link>
          </div>
        </div>
        <div className="col-span-2 row-start-2 flex min-w-0 items-center gap-1 sm:gap-2 lg:col-span-1 lg:col-start-2 lg:row-start-1">
          <button
            type="button"
            className={iconButton}
            aria-label={t.back(SKIP_BACK_SECONDS)}
            onClick={() => player.skip(-SKIP_BACK_SECONDS)}
          >
            <SkipBackIcon width={26} height={26} />
          </button>
          <button
            type="button"
            className="grid size-11 shrink-0 place-items-center rounded-full bg-brand text-white transition-colors hover:bg-brand-dark"
            aria-label={isPlaying ? t.pause : t.play}
            onClick={() => (isPlaying ? player.pause() : player.play())}
          >
            {isPlaying ? <PauseIcon width={22} height={22} /> : <PlayIcon width={22} height={22} />}
          </button>
          <button
            type="button"
            className={iconButton}
            aria-label={t.forward(SKIP_FORWARD_SECONDS)}
            onClick={() => player.skip(SKIP_FORWARD_SECONDS)}
          >
            <SkipForwardIcon width={26} height={26} />
          </button>
          <SeekBar />
        </div>
        <div className="col-start-2 row-start-1 flex items-center lg:col-start-3">
          <button type="button" className={iconButton} aria-label={t.hide} onClick={() => player.setHidden(true)}>
            <ChevronDownIcon />
          </button>
          <button type="button" className={iconButton} aria-label={t.close} onClick={() => player.close()}>
            <CloseIcon />
          </button>
        </div>
      </div>
    </section>
  );
}

/** The position as a slider: dragging (or arrow keys) moves the audio once it rests 300 ms. */
function SeekBar() {
  const progress = usePodcastPlayer((state) => state.progress);
  const duration = usePodcastPlayer((state) => state.mediaDuration ?? state.audio?.duration ?? 0);
  const [dragged, setDragged] = useState<number | null>(null);
  const settle = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(settle.current), []);

  const shown = dragged ?? Math.min(progress, duration);
  const position = mn.podcastPlayer.position(formatClock(shown), formatClock(duration));
  return (
    <div className="flex min-w-0 flex-1 items-center gap-2 text-xs text-muted tabular-nums">
      <span className="w-10 shrink-0 text-right" aria-hidden="true">
        {formatClock(shown)}
      </span>
      <input
        type="range"
        min={0}
        max={Math.max(1, Math.floor(duration))}
        step={1}
        value={Math.floor(shown)}
        aria-label={mn.podcastPlayer.seek}
        aria-valuetext={position}
        className="h-1.5 min-w-0 flex-1 cursor-pointer accent-brand"
        onChange={(event) => {
          const seconds = Number(event.target.value);
          setDragged(seconds);
          clearTimeout(settle.current);
          settle.current = setTimeout(() => {
            usePodcastPlayer.getState().seek(seconds);
            setDragged(null);
          }, SEEK_DEBOUNCE_MS);
        }}
      />
      <span className="w-10 shrink-0" aria-hidden="true">
        {formatClock(duration)}
      </span>
    </div>
  );
}

/** What stays of a hidden bar: a handle that shows it again. */
function ShowHandle({ aboveBottomBar, playing }: { aboveBottomBar: boolean; playing: boolean }) {
  return (
    <button
      type="button"
      aria-label={mn.podcastPlayer.show}
      onClick={() => usePodcastPlayer.getState().setHidden(false)}
      className={`fixed right-3 z-40 flex h-11 items-center gap-1.5 rounded-full bg-brand pr-3 pl-3.5 text-white shadow-lg transition-colors hover:bg-brand-dark lg:right-6 ${aboveBottomBar ? 'bottom-20 lg:bottom-4' : 'bottom-4'}`}
    >
      <HeadphonesIcon width={20} height={20} className={playing ? 'animate-pulse' : ''} />
      <ChevronUpIcon width={20} height={20} />
    </button>
  );
}
