import { create } from 'zustand';
import { isApiError } from '@nomsan/contracts/client';
import type { Bookmark, TitleType } from '@nomsan/contracts/library';
import type { PlaybackSession, PlaylistChapter } from '@nomsan/contracts/media';
import { mn } from '@nomsan/contracts/messages';
import { useAuth } from '~/lib/auth-store';
import { browserApi } from '~/lib/browser-api';
import { PROGRESS_THROTTLE_MS, SEEK_DEBOUNCE_MS } from '~/lib/player-constants';
import { downloadOf, forgetDownloads, leaseLive } from './downloads';
import { LICENCE_SCHEME, loadShaka, setLicenceAnswer, type ShakaNamespace, type ShakaPlayer } from './shaka';
import { soundGraph, type SoundGraph } from './sound';

/** what the player shows of a title besides its audio */
export interface TitleInfo {
  name: string;
  author: string;
  cover: string | null;
  /** the title's page (where the buy prompt leads) */
  webLink: string;
}

export type PlayerStatus = 'idle' | 'loading' | 'preparing' | 'ready' | 'playing' | 'paused' | 'ended' | 'error';
export type SleepTimer = { kind: 'off' } | { kind: 'minutes'; minutes: number; endsAt: number } | { kind: 'chapter' };

export const SPEED_MIN = 0.5;
export const SPEED_MAX = 3.5;
export const SLEEP_MINUTES = [5, 10, 15, 30, 45, 60, 90, 120] as const;
/** the place is sent to the API this often while playing (and on pause, seek and leaving) */
const SAVE_EVERY_MS = 10_000;
/** packaging is asked about this often while a title is being prepared */
const PREPARE_POLL_MS = 1_000;

export interface PlayerState {
  title: { type: TitleType; id: number } | null;
  info: TitleInfo | null;
  session: PlaybackSession | null;
  status: PlayerStatus;
  error: string | null;
  /** seconds into the title, as shown (follows the audio at most every 500 ms) */
  position: number;
  duration: number;
  speed: number;
  chapters: PlaylistChapter[];
  chapterIndex: number;
  sleep: SleepTimer;
  bookmarks: Bookmark[];
  boost: boolean;
  smartSpeed: boolean;
  /** the signal's level, 0 to 1, from the Web Audio analyser (the meter) */
  level: number;
  /** the preview played to its end: time to offer the title */
  previewEnded: boolean;

  /** gets the engine ready for a first title before anyone asks (on idle, on a page that can play) */
  prepare(): Promise<void>;
  /** loads a title (`chapter`: start at that chapter, not at the place kept) and, asked to, plays it */
  open(type: TitleType, id: number, info: TitleInfo, options?: { autoplay?: boolean; chapter?: number }): Promise<void>;
  play(): Promise<void>;
  pause(): void;
  toggle(): void;
  /** moves the audio at once (buttons, keys, chapters) */
  seek(seconds: number): void;
  /** follows a dragged seek bar: shown at once, the audio moves once the bar rests 300 ms */
  scrub(seconds: number): void;
  skip(seconds: number): void;
  setSpeed(speed: number): void;
  goToChapter(index: number): void;
  setSleep(timer: { kind: 'off' } | { kind: 'minutes'; minutes: number } | { kind: 'chapter' }): void;
  addBookmark(note: string): Promise<void>;
  removeBookmark(id: number): Promise<void>;
  setBoost(on: boolean): void;
  setSmartSpeed(on: boolean): void;
  close(): void;
}

const clampSpeed = (speed: number) => Math.round(Math.min(SPEED_MAX, Math.max(SPEED_MIN, speed)) * 10) / 10;
const chapterAt = (chapters: PlaylistChapter[], seconds: number) => {
  let index = 0;
  chapters.forEach((c, i) => {
    if (c.start_seconds <= seconds + 0.05) index = i;
  });
  return index;
};
const messageOf = (error: unknown) => (isApiError(error) ? error.message : mn.player.loadFailed);

/** the one hidden audio element every title plays in, made on first use */
let element: HTMLAudioElement | null = null;
let shakaPlayer: ShakaPlayer | null = null;
let attaching: Promise<ShakaPlayer> | null = null;
let sound: SoundGraph | null = null;
/** fires when the title's access ends (see `open`) */
let accessTimer: ReturnType<typeof setTimeout> | null = null;
/** setTimeout's longest wait (about 24.8 days); access ending later is checked on a later open */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** the keys of a downloaded title played without a network (its lease's, by key id) */
let offlineKeys: Record<string, string> | null = null;
/** bumps on every open/close: work started for an earlier title stops when it sees a newer one */
let generation = 0;
let lastShown = 0;
let scrubTimer: ReturnType<typeof setTimeout> | undefined;
let saveTimer: ReturnType<typeof setInterval> | undefined;
let sleepTimer: ReturnType<typeof setTimeout> | undefined;
let listened = 0;
let lastTick: number | null = null;
let lastChange = new Date(0);
/** play was asked for while the title was loading (see `play`) */
let autoplayAsked = false;
const LOADING = new Set<PlayerStatus>(['loading', 'preparing']);
/** who the title was opened for (a member's id, null for a visitor) */
let openedFor: number | null = null;

/** the state with no title loaded (the listener's speed and sound settings are kept apart) */
const NOTHING_LOADED = {
  title: null,
  info: null,
  session: null,
  status: 'idle',
  error: null,
  position: 0,
  duration: 0,
  chapters: [],
  chapterIndex: 0,
  sleep: { kind: 'off' },
  bookmarks: [],
  level: 0,
  previewEnded: false,
} satisfies Partial<PlayerState>;

export const usePlayer = create<PlayerState>((set, get) => {
  function audio(): HTMLAudioElement {
    if (element) return element;
    element = document.createElement('audio');
    element.dataset.player = 'title';
    element.preload = 'auto';
    element.hidden = true;
    document.body.append(element);
    const a = element;
    a.addEventListener('play', () => {
      set({ status: 'playing' });
      lastTick = performance.now();
      sound ??= soundGraph(a, (level) => set({ level }));
      sound?.resume();
      sound?.setBoost(get().boost);
      sound?.setSmartSpeed(get().smartSpeed, () => get().speed);
      startSaving();
    });
    a.addEventListener('pause', () => {
      if (get().status === 'playing') set({ status: 'paused' });
      tick();
      stopSaving();
      void save();
    });
    a.addEventListener('ended', () => {
      tick();
      stopSaving();
      const { session } = get();
      set({ status: 'ended', previewEnded: session?.access === 'preview' });
      void save();
    });
    a.addEventListener('timeupdate', () => {
      tick();
      const now = performance.now();
      const { chapters, sleep, chapterIndex } = get();
      const index = chapterAt(chapters, a.currentTime);
      if (sleep.kind === 'chapter' && index !== chapterIndex) {
        a.pause();
        set({ sleep: { kind: 'off' } });
      }
      if (now - lastShown >= PROGRESS_THROTTLE_MS || index !== chapterIndex) {
        lastShown = now;
        set({ position: a.currentTime, chapterIndex: index });
        updatePositionState();
      }
    });
    a.addEventListener('durationchange', () => {
      if (Number.isFinite(a.duration) && a.duration > 0 && get().session?.access === 'full')
        set({ duration: a.duration });
    });
    a.addEventListener('ratechange', () => {
      if (!sound?.adjustingRate()) set({ speed: clampSpeed(a.playbackRate) });
    });
    window.addEventListener('pagehide', () => void save({ keepalive: true }));
    // one sound at a time: another player starting (the podcast bar) takes over; this one closes
    document.addEventListener(
      'play',
      (event) => {
        if (event.target !== a && event.target instanceof HTMLMediaElement && get().title) get().close();
      },
      true,
    );
    installMediaSession();
    return a;
  }

  /** counts seconds actually played since the last look (for the minutes-per-day chart) */
  function tick() {
    const now = performance.now();
    // (a pause is counted up to the moment it came: `lastTick` is set only while playing)
    if (lastTick !== null) listened += Math.min(5, (now - lastTick) / 1000);
    lastTick = element && !element.paused ? now : null;
  }

  function startSaving() {
    stopSaving();
    saveTimer = setInterval(() => void save(), SAVE_EVERY_MS);
  }
  function stopSaving() {
    if (saveTimer) clearInterval(saveTimer);
    saveTimer = undefined;
  }

  /** sends the place, the speed and the seconds listened; a newer place from elsewhere wins */
  async function save(options: { keepalive?: boolean } = {}) {
    const { title, session, speed, chapterIndex, chapters } = get();
    if (!title || !element || session?.access !== 'full') return;
    const seconds = element.currentTime;
    const duration = get().duration || session.duration_seconds || 0;
    const listenedNow = Math.min(900, Math.round(listened));
    listened -= listenedNow;
    lastChange = new Date(Math.max(Date.now(), lastChange.getTime() + 1));
    const body = {
      item_type: title.type,
      item_id: title.id,
      format: title.type === 'book' ? ('audiobook' as const) : ('summary' as const),
      chapter: chapters.length > 0 ? chapters[chapterIndex]!.position : null,
      seconds: Math.round(seconds * 10) / 10,
      locator: null,
      progress: duration > 0 ? Math.min(1, seconds / duration) : 0,
      speed,
      changed_at: lastChange.toISOString(),
      listened_seconds: listenedNow,
    };
    if (options.keepalive) {
      // the page is going away: a request that outlives it
      void fetch('/v5/library/positions', {
        method: 'POST',
        keepalive: true,
        credentials: 'include',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
      }).catch(() => undefined);
      return;
    }
    await browserApi()
      .savePosition(body)
      .catch(() => {
        listened += listenedNow; // counted again with the next save
      });
  }

  function updatePositionState() {
    if (!element || !('mediaSession' in navigator) || !Number.isFinite(element.duration)) return;
    try {
      navigator.mediaSession.setPositionState({
        duration: element.duration,
        playbackRate: element.playbackRate,
        position: Math.min(element.currentTime, element.duration),
      });
    } catch {
      // a position past the end while the duration settles: the next update corrects it
    }
  }

  function installMediaSession() {
    if (!('mediaSession' in navigator)) return;
    const session = navigator.mediaSession;
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', () => void get().play()],
      ['pause', () => get().pause()],
      ['seekbackward', (d) => get().skip(-(d.seekOffset ?? 10))],
      ['seekforward', (d) => get().skip(d.seekOffset ?? 30)],
      ['seekto', (d) => d.seekTime !== undefined && get().seek(d.seekTime)],
      ['previoustrack', () => get().goToChapter(get().chapterIndex - 1)],
      ['nexttrack', () => get().goToChapter(get().chapterIndex + 1)],
    ];
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // an action this browser does not know
      }
    }
  }

  function describeToMediaSession(info: TitleInfo) {
    if (!('mediaSession' in navigator) || typeof MediaMetadata === 'undefined') return;
    navigator.mediaSession.metadata = new MediaMetadata({
      title: info.name,
      artist: info.author,
      album: mn.brand.name,
      artwork: info.cover ? [{ src: info.cover, sizes: '512x512', type: 'image/jpeg' }] : [],
    });
  }

  /**
   * Shaka attached to the audio element, made once (the first title, or `prepare` before it):
   * attaching opens a MediaSource, tens of milliseconds not spent after the tap.
   */
  function attached(shaka: ShakaNamespace): Promise<ShakaPlayer> {
    attaching ??= (async () => {
      const made = new shaka.Player();
      await made.attach(audio());
      made.addEventListener('error', (event) => {
        // the code says what went wrong (shaka.util.Error: 6007 licence refused, 3016 wrong key...)
        console.warn('playback failed', event.detail.code);
        set({ status: 'error', error: mn.player.loadFailed });
      });
      shakaPlayer = made;
      return made;
    })();
    return attaching;
  }

  async function load(session: PlaybackSession, startAt: number) {
    const a = audio();
    const shaka = session.dash_url ? await loadShaka() : null;
    if (shaka && session.dash_url) {
      const player = await attached(shaka);
      // the licence is answered on the device (see `answerLicences`): fetched already, or the lease's
      const encrypted = offlineKeys !== null || session.licence !== null;
      player.configure({
        drm: {
          servers: encrypted ? { 'org.w3.clearkey': `${LICENCE_SCHEME}:${session.item_type}-${session.item_id}` } : {},
        },
        streaming: { bufferingGoal: 30, rebufferingGoal: 1 },
      });
      await player.load(session.dash_url, startAt > 0 ? startAt : null);
    } else if (session.hls_url) {
      // Safari: its own HLS player, AES-128 keys fetched with the session's cookie
      a.src = session.hls_url;
      a.currentTime = startAt;
    } else {
      throw new Error('no playable rendition');
    }
  }

  /**
   * The playback session, asked for until the title is packaged (a few seconds at most); with no
   * network, the one kept with a download whose lease is still live, with its keys.
   */
  async function sessionWhenReady(type: TitleType, id: number, mine: number): Promise<PlaybackSession | null> {
    for (;;) {
      let session: PlaybackSession;
      try {
        session = await browserApi().playback(type, id);
        offlineKeys = null;
      } catch (error) {
        if (isApiError(error)) throw error;
        const kept = downloadOf(type, id);
        if (!kept) throw error;
        if (!leaseLive(kept)) throw new Error(mn.player.leaseExpired);
        offlineKeys = kept.lease.keys;
        return kept.lease.session;
      }
      if (mine !== generation) return null;
      if (session.status === 'ready') return session;
      if (session.status === 'failed') throw new Error(mn.player.loadFailed);
      set({ status: 'preparing', session });
      await new Promise((resolve) => setTimeout(resolve, PREPARE_POLL_MS));
      if (mine !== generation) return null;
    }
  }

  /**
   * How the player's licence request for this title is answered. Online, the licence is asked
   * for the moment the playback session comes, beside the manifest rather than after it (Shaka
   * asks only once it has read the manifest and set up the key system); offline, from the lease.
   */
  function answerLicences(session: PlaybackSession) {
    if (offlineKeys) {
      const keys = offlineKeys;
      setLicenceAnswer(async (kids) => {
        const set = kids.filter((kid) => keys[kid]).map((kid) => ({ kty: 'oct', kid, k: keys[kid]! }));
        return new TextEncoder().encode(JSON.stringify({ keys: set, type: 'temporary' })).buffer as ArrayBuffer;
      });
      return;
    }
    const licence = session.licence;
    if (!licence) {
      setLicenceAnswer(null);
      return;
    }
    const ask = async (kids: string[]) => {
      const response = await fetch(licence.url, {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'x-licence-token': licence.token },
        body: JSON.stringify({ kids, type: 'temporary' }),
      });
      if (!response.ok) throw new Error(`licence refused (${response.status})`);
      return response.arrayBuffer();
    };
    const early = licence.key_ids.length > 0 ? ask(licence.key_ids) : null;
    early?.catch(() => undefined); // its failure is Shaka's to see, when it asks
    setLicenceAnswer((kids) =>
      early && kids.length > 0 && kids.every((kid) => licence.key_ids.includes(kid)) ? early : ask(kids),
    );
  }

  return {
    ...NOTHING_LOADED,
    speed: 1,
    boost: false,
    smartSpeed: false,

    async prepare() {
      const shaka = await loadShaka();
      if (shaka) await attached(shaka);
    },

    async open(type, id, info, options = {}) {
      const current = get().title;
      const listener = useAuth.getState().user?.id ?? null;
      // the same title for the same person: carry on; signing in or out loads it again
      if (current?.type === type && current.id === id && openedFor === listener && get().status !== 'error') {
        if (options.chapter) get().goToChapter(get().chapters.findIndex((c) => c.position === options.chapter));
        if (options.autoplay && element?.paused) await get().play();
        return;
      }
      get().close();
      autoplayAsked = false;
      openedFor = listener;
      const mine = ++generation;
      describeToMediaSession(info);
      set({ title: { type, id }, info, status: 'loading', error: null, previewEnded: false, position: 0 });
      try {
        const api = browserApi();
        // a visitor has no places or bookmarks; a member whose session ended is treated as one
        // (no network: nothing to show from the library, the download still plays)
        const signedIn = async <T>(call: () => Promise<T>, fallback: T) =>
          !useAuth.getState().loggedIn
            ? fallback
            : call().catch((error: unknown) => {
                if (!isApiError(error) || error.status === 401) return fallback;
                throw error;
              });
        const [session, positions, bookmarks] = await Promise.all([
          sessionWhenReady(type, id, mine).then((ready) => {
            if (ready && mine === generation) answerLicences(ready);
            return ready;
          }),
          signedIn(() => api.positions(type, id), []),
          signedIn(() => api.bookmarks(type, id), []),
        ]);
        if (!session || mine !== generation) return;
        const kept = positions.find((p) => p.format !== 'ebook');
        const full = session.access === 'full';
        const duration = (full ? session.duration_seconds : session.preview_seconds) ?? 0;
        // a finished title starts over; a preview always starts at the beginning
        const asked = session.chapters.find((c) => c.position === options.chapter);
        const startAt =
          asked && asked.start_seconds < duration
            ? asked.start_seconds
            : full && kept && kept.seconds < duration - 2
              ? kept.seconds
              : 0;
        if (kept) lastChange = new Date(kept.changed_at);
        const speed = clampSpeed(kept?.speed ?? 1);
        set({
          session,
          chapters: session.chapters,
          duration,
          position: startAt,
          chapterIndex: chapterAt(session.chapters, startAt),
          bookmarks,
          speed,
        });
        await load(session, startAt);
        if (mine !== generation) return;
        // access that ends (a rental, a subscription's last day) stops the full title at its
        // minute: the title is opened again, which now gives the preview
        const until = session.access === 'full' && session.access_until ? Date.parse(session.access_until) : NaN;
        if (Number.isFinite(until) && until - Date.now() < MAX_TIMER_MS) {
          accessTimer = setTimeout(
            () => {
              if (mine !== generation) return;
              get().close();
              openedFor = null;
              void get().open(type, id, info);
            },
            Math.max(0, until - Date.now()),
          );
        }
        audio().playbackRate = speed;
        audio().defaultPlaybackRate = speed;
        // (the element may be playing already: asked by the media keys or headset while loading)
        set({ status: element && !element.paused ? 'playing' : 'ready' });
        if (options.autoplay || autoplayAsked) await get().play();
      } catch (error) {
        if (mine === generation) set({ status: 'error', error: messageOf(error) });
      }
    },

    async play() {
      // still loading (the tap opened the title, then the player page asks again; a media key):
      // played once loaded, so the status set then is the element's
      if (LOADING.has(get().status)) {
        autoplayAsked = true;
        return;
      }
      if (!element || !get().session) return;
      if (get().previewEnded) {
        element.currentTime = 0;
        set({ previewEnded: false });
      }
      try {
        await element.play();
      } catch {
        set({ status: 'paused' }); // the browser wants a tap first
      }
    },

    pause: () => element?.pause(),

    toggle() {
      if (!element) return;
      if (element.paused) void get().play();
      else element.pause();
    },

    seek(seconds) {
      if (!element) return;
      const end = Number.isFinite(element.duration) ? element.duration : get().duration;
      const target = Math.max(0, Math.min(seconds, Math.max(0, end - 0.25)));
      element.currentTime = target;
      set({ position: target, chapterIndex: chapterAt(get().chapters, target) });
      updatePositionState();
      void save();
    },

    scrub(seconds) {
      set({ position: seconds });
      if (scrubTimer) clearTimeout(scrubTimer);
      scrubTimer = setTimeout(() => get().seek(seconds), SEEK_DEBOUNCE_MS);
    },

    skip: (seconds) => get().seek((element?.currentTime ?? get().position) + seconds),

    setSpeed(speed) {
      const next = clampSpeed(speed);
      set({ speed: next });
      if (element) {
        element.playbackRate = next;
        element.defaultPlaybackRate = next;
      }
      void save();
    },

    goToChapter(index) {
      const chapter = get().chapters[index];
      if (chapter) get().seek(chapter.start_seconds);
    },

    setSleep(timer) {
      if (sleepTimer) clearTimeout(sleepTimer);
      if (timer.kind === 'minutes') {
        const ms = timer.minutes * 60_000;
        sleepTimer = setTimeout(() => {
          element?.pause();
          set({ sleep: { kind: 'off' } });
        }, ms);
        set({ sleep: { kind: 'minutes', minutes: timer.minutes, endsAt: Date.now() + ms } });
      } else {
        set({ sleep: timer });
      }
    },

    async addBookmark(note) {
      const { title, session, chapters } = get();
      if (!title || session?.access !== 'full') return;
      const seconds = element?.currentTime ?? get().position;
      const chapter = chapters[chapterAt(chapters, seconds)];
      const bookmark = await browserApi().addBookmark({
        item_type: title.type,
        item_id: title.id,
        format: title.type === 'book' ? 'audiobook' : 'summary',
        chapter: chapter?.position ?? null,
        seconds: Math.round(seconds * 10) / 10,
        locator: null,
        note,
      });
      set({ bookmarks: [...get().bookmarks, bookmark].sort((a, b) => a.seconds - b.seconds) });
    },

    async removeBookmark(id) {
      await browserApi().removeBookmark(id);
      set({ bookmarks: get().bookmarks.filter((b) => b.id !== id) });
    },

    setBoost(on) {
      set({ boost: on });
      sound?.setBoost(on);
    },

    setSmartSpeed(on) {
      set({ smartSpeed: on });
      sound?.setSmartSpeed(on, () => get().speed);
    },

    close() {
      void save(); // the place as it is now, before the title is let go
      generation += 1;
      if (element && !element.paused) element.pause();
      void shakaPlayer?.unload().catch(() => undefined);
      if (element) {
        element.removeAttribute('src');
        element.load();
      }
      if (sleepTimer) clearTimeout(sleepTimer);
      if (accessTimer) clearTimeout(accessTimer);
      accessTimer = null;
      stopSaving();
      setLicenceAnswer(null);
      set(NOTHING_LOADED);
      if ('mediaSession' in navigator) navigator.mediaSession.metadata = null;
    },
  };
});

// Signing out ends what the member had loaded and kept: the player closes, downloads go.
if (typeof window !== 'undefined') {
  useAuth.subscribe((state, previous) => {
    if (previous.loggedIn && !state.loggedIn) {
      usePlayer.getState().close();
      void forgetDownloads();
    }
  });
}
