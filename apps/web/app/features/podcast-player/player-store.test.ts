import { describe, expect, it, vi } from 'vitest';
import type { ProgressEventLine } from '@nomsan/contracts/analytics-events';
import { createPodcastPlayer, type AudioLike, type PlayerAudio, type PlayerPublication } from './player-store';

/** An audio element as far as the player drives it. */
function fakeAudio() {
  const element = {
    src: '',
    currentTime: 0,
    paused: true,
    loads: 0,
    play: vi.fn(async () => {
      element.paused = false;
    }),
    pause: vi.fn(() => {
      element.paused = true;
    }),
    load: () => {
      element.loads += 1;
    },
    removeAttribute: (name: string) => {
      if (name === 'src') element.src = '';
    },
  };
  return element satisfies AudioLike;
}

const cover = { color: '#d9e4ff', width: 640, height: 640, sm: '/s.jpg', md: '/m.jpg', lg: '/l.jpg' };
const episode = (id: number, type = 'podcast'): { publication: PlayerPublication; audio: PlayerAudio } => ({
  publication: {
    id,
    type,
    title: `Дугаар ${id}`,
    web_link: `/podcast/a/${id}`,
    square_cover: cover,
    series: { id: 1, name: 'Цуврал', web_link: '/podcast/a' },
  },
  audio: { id, duration: 1800, stream_url: `/media/audio/${id}.mp3` },
});

function player(upload = vi.fn(async (_base: string, _events: readonly ProgressEventLine[]) => ({}))) {
  const store = createPodcastPlayer(upload);
  const element = fakeAudio();
  store.getState().attach(element);
  const start = (id: number, options?: { startAt?: number; apiUrl?: string }, type?: string) => {
    const { publication, audio } = episode(id, type);
    store.getState().toggle(publication, audio, options);
  };
  const tick = (minute: number) =>
    store
      .getState()
      .recordProgress({ session: 'tab-1', device: 'device-1', now: new Date(1_790_000_000_000 + minute * 60_000) });
  return { store, element, upload, start, tick };
}

describe('the podcast player', () => {
  it('starts a different episode at 0 from its own file, and toggles the same one', async () => {
    const { store, element, start } = player();
    start(1);
    expect(store.getState()).toMatchObject({ publication: { id: 1 }, audio: { id: 1 }, progress: 0, isHidden: false });
    expect(element.src).toBe('/media/audio/1.mp3');
    expect(element.play).toHaveBeenCalledTimes(1);

    element.currentTime = 300;
    start(2);
    expect(store.getState()).toMatchObject({ publication: { id: 2 }, progress: 0 });
    expect(element.src).toBe('/media/audio/2.mp3');
    expect(element.currentTime).toBe(0);
    expect(element.play).toHaveBeenCalledTimes(2);

    start(2);
    expect(element.pause).toHaveBeenCalledTimes(1);
    start(2);
    expect(element.play).toHaveBeenCalledTimes(3);
    expect(element.src).toBe('/media/audio/2.mp3');
  });

  it('continues where the member stopped, within the episode', () => {
    const { store, element, start } = player();
    start(3, { startAt: 754 });
    expect(element.currentTime).toBe(754);
    expect(store.getState().progress).toBe(754);
    start(4, { startAt: 99_999 });
    expect(element.currentTime).toBe(1800);
  });

  it('skips back 10 s and forward 30 s, never past either end', () => {
    const { store, element, start } = player();
    start(1);
    element.currentTime = 5;
    store.getState().skip(-10);
    expect(element.currentTime).toBe(0);
    store.getState().skip(30);
    expect(element.currentTime).toBe(30);
    store.getState().setMediaDuration(40);
    store.getState().skip(30);
    expect(element.currentTime).toBe(40);
  });

  it('buffers a progress event per tick of a podcast only, and sends them once more than 4 are buffered', async () => {
    const { store, upload, start, tick } = player();
    start(7, undefined, 'audiobook');
    tick(1);
    expect(store.getState().analyticsData).toEqual([]);

    start(8);
    store.getState().setUser(42);
    for (const minute of [1, 2, 3, 4]) tick(minute);
    expect(upload).not.toHaveBeenCalled();
    expect(store.getState().analyticsData[0]).toEqual({
      id: 8,
      s: 'tab-1',
      d: 'device-1',
      did: '',
      u: 42,
      progress: 0,
      t: 1_790_000_060,
      e: 'podcast_episode.progress',
    });
    tick(5);
    expect(upload).toHaveBeenCalledTimes(1);
    expect(upload.mock.calls[0]?.[0]).toBe('');
    expect(upload.mock.calls[0]?.[1].map((event) => event.t)).toEqual(
      [1, 2, 3, 4, 5].map((m) => 1_790_000_000 + m * 60),
    );
    await store.getState().sendBuffered();
    expect(store.getState().analyticsData).toEqual([]);
  });

  it('keeps the buffer when an upload fails, and sends it with the next', async () => {
    const upload = vi.fn(async () => ({}));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    upload.mockRejectedValueOnce(new Error('503'));
    const { store, start, tick } = player(upload);
    start(8, { apiUrl: 'https://api.example.mn' });
    for (const minute of [1, 2, 3, 4, 5]) tick(minute);
    await store.getState().sendBuffered();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(store.getState().analyticsData).toHaveLength(5);
    tick(6);
    await store.getState().sendBuffered();
    expect(upload).toHaveBeenCalledTimes(2);
    expect(upload.mock.calls[1]).toEqual(['https://api.example.mn', expect.any(Array)]);
    expect((upload.mock.calls[1] as unknown[])[1]).toHaveLength(6);
    expect(store.getState().analyticsData).toEqual([]);
    warn.mockRestore();
  });

  it('closes: stops, unloads, hides and sends what is buffered', async () => {
    const { store, element, upload, start, tick } = player();
    start(9);
    tick(1);
    tick(2);
    store.getState().setHidden(true);
    store.getState().close();
    expect(element.pause).toHaveBeenCalled();
    expect(element.src).toBe('');
    expect(element.loads).toBe(1);
    expect(store.getState()).toMatchObject({ publication: null, audio: null, isPlaying: false, isHidden: false });
    expect(upload).toHaveBeenCalledTimes(1);
    expect(upload.mock.calls[0]?.[1]).toHaveLength(2);
    await store.getState().sendBuffered();
    expect(store.getState().analyticsData).toEqual([]);

    store.getState().close();
    expect(upload).toHaveBeenCalledTimes(1);
  });
});
