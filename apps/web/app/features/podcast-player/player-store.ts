import { create } from 'zustand';
import {
  MAX_EVENTS_PER_UPLOAD,
  PODCAST_PROGRESS_EVENT,
  type ProgressEventLine,
} from '@nomsan/contracts/analytics-events';
import type { Image } from '@nomsan/contracts/catalog';
import { PROGRESS_BATCH_THRESHOLD } from '~/lib/player-constants';

/** What the bar plays (spec: Publication). Only `type: 'podcast'` is tracked. */
export interface PlayerPublication {
  id: number;
  type: string;
  title: string;
  web_link: string;
  square_cover: Image;
  series: { id: number; name: string; web_link: string };
}

/** The audio of a publication (spec: Audio episode), played as audio/mpeg. */
export interface PlayerAudio {
  id: number;
  duration: number;
  stream_url: string;
}

/** The part of an audio element the player drives (an HTMLAudioElement in the browser). */
export interface AudioLike {
  src: string;
  currentTime: number;
  readonly paused: boolean;
  play(): Promise<void>;
  pause(): void;
  load(): void;
  removeAttribute(name: string): void;
}

/** Sends buffered events to the analytics endpoint at `baseUrl` ('' for this site). */
export type Uploader = (baseUrl: string, events: readonly ProgressEventLine[]) => Promise<unknown>;

export interface PodcastPlayerState {
  publication: PlayerPublication | null;
  audio: PlayerAudio | null;
  /** seconds into the audio, as the bar shows it */
  progress: number;
  /** what the audio element says (its play and pause events), never what was asked */
  isPlaying: boolean;
  isHidden: boolean;
  /** progress events not yet sent */
  analyticsData: ProgressEventLine[];
  user_id: number | null;
  /** where events are sent: the `api_url` given on toggling, this site by default */
  base_url: string;
  /** the file's own length once the element knows it (the catalogue's is what listings show) */
  mediaDuration: number | null;

  /**
   * Starts `publication` (its progress 0, or `startAt` seconds in) and plays it; the one already
   * loaded toggles between play and pause instead.
   */
  toggle(publication: PlayerPublication, audio: PlayerAudio, options?: { startAt?: number; apiUrl?: string }): void;
  play(): void;
  pause(): void;
  /** moves by `seconds` (negative: back), within the audio */
  skip(seconds: number): void;
  seek(seconds: number): void;
  setHidden(hidden: boolean): void;
  /** stops playback, unloads the audio, hides the bar and sends what is buffered */
  close(): void;
  setUser(userId: number | null): void;
  /** a progress event of the playing podcast, sent with the buffer once it holds more than 4 */
  recordProgress(client: { session: string; device: string; now: Date }): void;
  /** sends the buffer; cleared on success, kept on failure (logged only) */
  sendBuffered(): Promise<void>;

  /** the bar's audio element, which every action drives; null when the bar unmounts */
  attach(element: AudioLike | null): void;
  /** from the element's events */
  setPlaying(playing: boolean): void;
  setProgress(seconds: number): void;
  setMediaDuration(seconds: number | null): void;
}

/** The podcast player's state (spec: podcast player state), made with its uploader (tests give their own). */
export function createPodcastPlayer(upload: Uploader) {
  let element: AudioLike | null = null;
  let sending: Promise<void> | null = null;

  const startPlaying = (el: AudioLike) =>
    el.play().catch((error: unknown) => {
      // refused (no user gesture, a source that cannot play): the element stays paused
      console.warn('podcast playback did not start', error);
    });

  return create<PodcastPlayerState>((set, get) => ({
    publication: null,
    audio: null,
    progress: 0,
    isPlaying: false,
    isHidden: false,
    analyticsData: [],
    user_id: null,
    base_url: '',
    mediaDuration: null,

    toggle(publication, audio, options = {}) {
      const state = get();
      if (options.apiUrl !== undefined) set({ base_url: options.apiUrl });
      if (state.audio?.id === audio.id && element) {
        if (element.paused) void startPlaying(element);
        else element.pause();
        set({ isHidden: false });
        return;
      }
      const startAt = Math.max(0, Math.min(options.startAt ?? 0, audio.duration));
      set({ publication, audio, progress: startAt, isHidden: false, mediaDuration: null });
      if (!element) return;
      // Setting `src` runs the element's load algorithm: the new file is what plays (a changed
      // <source> child alone would keep the old one until load()).
      element.src = audio.stream_url;
      element.currentTime = startAt;
      void startPlaying(element);
    },

    play() {
      if (element && get().audio) void startPlaying(element);
    },
    pause() {
      element?.pause();
    },
    skip(seconds) {
      if (!element || !get().audio) return;
      get().seek(element.currentTime + seconds);
    },
    seek(seconds) {
      const audio = get().audio;
      if (!element || !audio) return;
      const end = get().mediaDuration ?? audio.duration;
      element.currentTime = Math.max(0, Math.min(seconds, end));
      set({ progress: element.currentTime });
    },
    setHidden(hidden) {
      set({ isHidden: hidden });
    },
    close() {
      if (element) {
        element.pause();
        element.removeAttribute('src');
        element.load();
      }
      set({ publication: null, audio: null, progress: 0, isPlaying: false, isHidden: false, mediaDuration: null });
      if (get().analyticsData.length > 0) void get().sendBuffered();
    },
    setUser(userId) {
      set({ user_id: userId });
    },

    recordProgress({ session, device, now }) {
      const { publication, user_id: userId, progress } = get();
      if (!publication || publication.type !== 'podcast') return;
      const event: ProgressEventLine = {
        id: publication.id,
        s: session,
        d: device,
        did: '',
        u: userId,
        progress: Math.floor(element?.currentTime ?? progress),
        t: Math.floor(now.getTime() / 1000),
        e: PODCAST_PROGRESS_EVENT,
      };
      set({ analyticsData: [...get().analyticsData, event] });
      if (get().analyticsData.length > PROGRESS_BATCH_THRESHOLD) void get().sendBuffered();
    },

    sendBuffered() {
      // one upload at a time; what is buffered meanwhile goes with the next
      if (sending) return sending;
      const batch = get().analyticsData.slice(0, MAX_EVENTS_PER_UPLOAD);
      if (batch.length === 0) return Promise.resolve();
      sending = upload(get().base_url, batch)
        .then(
          // only appends happen while an upload is out: the batch is still the buffer's head
          () => set({ analyticsData: get().analyticsData.slice(batch.length) }),
          (error: unknown) => console.warn('podcast progress not sent; kept for the next upload', error),
        )
        .finally(() => {
          sending = null;
        });
      return sending;
    },

    attach(next) {
      element = next;
    },
    setPlaying(playing) {
      set({ isPlaying: playing });
    },
    setProgress(seconds) {
      set({ progress: seconds });
    },
    setMediaDuration(seconds) {
      set({ mediaDuration: seconds });
    },
  }));
}

export type PodcastPlayerStore = ReturnType<typeof createPodcastPlayer>;

/**
 * The page's one podcast player: the bar plays it, episode pages load episodes into it. The API
 * client (and its schemas) loads with the first upload, never with the layout.
 */
export const usePodcastPlayer = createPodcastPlayer(async (baseUrl, events) => {
  const [{ browserApi }, { createApiClient }] = await Promise.all([
    import('~/lib/browser-api'),
    import('@nomsan/contracts/client'),
  ]);
  return (baseUrl ? createApiClient({ baseUrl }) : browserApi()).sendProgressEvents(events);
});
