import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsFileText, type ProgressEventLine } from '@nomsan/contracts/analytics-events';
import { DESKTOP, MOBILE, baseUrl, launch, screenshot, watchConsole } from './support/browser';
import { registerByApi } from './support/accounts';
import { ROOT } from './support/server';

interface Episode {
  id: number;
  slug: string;
  title: string;
  duration_seconds: number;
  stream_url: string;
  podcast: { slug: string };
}

/** Two episodes of the first podcast of the feed, from the API. */
async function twoEpisodes(): Promise<[Episode, Episode]> {
  const get = async <T>(path: string) => ((await (await fetch(`${baseUrl()}${path}`)).json()) as { data: T }).data;
  const feed = await get<{ shelves: { items: { id: number; type: string }[] }[] }>('/api/newsfeed/tabs/podcast');
  const series = feed.shelves[0]?.items.find((item) => item.type === 'podcast');
  if (!series) throw new Error('the podcast feed has no series');
  const page = await get<{ data: Episode[] }>(`/api/publications?filter[series_id]=${series.id}`);
  const [first, second] = page.data;
  if (!first || !second) throw new Error('the first podcast has fewer than two episodes');
  return [first, second];
}

const pageOf = (episode: Episode) => `/podcast/${episode.podcast.slug}/${episode.slug}`;

/**
 * The demo's podcast files last about 19 s: too short to skip 30 s in. The journeys that skip
 * answer every podcast stream with the frames of one file six times over (about two minutes),
 * without its Info frame, so the browser measures it by its constant bitrate; ranges as a
 * server answers them.
 */
function longStream(): Buffer {
  const file = readFileSync(join(ROOT, 'packages/demo/fixtures/audio/podcast-1.mp3'));
  let at =
    file.subarray(0, 3).toString() === 'ID3'
      ? 10 + ((file[6]! << 21) | (file[7]! << 14) | (file[8]! << 7) | file[9]!)
      : 0;
  // the first frame is the encoder's Info frame (its frame count would fix the duration at 19 s)
  const bitrates = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
  const rates = [22050, 24000, 16000];
  const bitrate = bitrates[file[at + 2]! >> 4]! * 1000;
  const rate = rates[(file[at + 2]! >> 2) & 3]!;
  at += Math.floor((72 * bitrate) / rate) + ((file[at + 2]! >> 1) & 1);
  const frames = file.subarray(at);
  return Buffer.concat(Array.from({ length: 6 }, () => frames));
}

async function serveLongStreams(page: Page): Promise<void> {
  const body = longStream();
  await page.route('**/media/audio/*.mp3', (route) => {
    const range = /bytes=(\d+)-(\d*)/.exec(route.request().headers().range ?? '');
    if (!range) return route.fulfill({ status: 200, contentType: 'audio/mpeg', body });
    const start = Number(range[1]);
    const end = range[2] ? Math.min(Number(range[2]), body.length - 1) : body.length - 1;
    return route.fulfill({
      status: 206,
      contentType: 'audio/mpeg',
      headers: { 'accept-ranges': 'bytes', 'content-range': `bytes ${start}-${end}/${body.length}` },
      body: body.subarray(start, end + 1),
    });
  });
}

interface Upload {
  contentType: string;
  body: string;
  status: number;
  answer: string;
}

/** Every upload of progress events, passed on to the server (or answered 500 while `failing`). */
async function watchUploads(page: Page) {
  const uploads: Upload[] = [];
  const control = { failing: false, uploads };
  await page.route('**/api/analytics/events', async (route: Route) => {
    const request = route.request();
    const sent = {
      contentType: request.headers()['content-type'] ?? '',
      body: request.postDataBuffer()?.toString() ?? '',
    };
    if (control.failing) {
      uploads.push({ ...sent, status: 500, answer: '' });
      await route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'Системд алдаа гарлаа.' } } });
      return;
    }
    const response = await route.fetch();
    uploads.push({ ...sent, status: response.status(), answer: await response.text() });
    await route.fulfill({ response });
  });
  return control;
}

/** The one file part of a multipart body: its field name, filename and text. */
function filePart(upload: Upload) {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(upload.contentType);
  expect(upload.contentType).toMatch(/^multipart\/form-data;/);
  const delimiter = `--${boundary?.[1] ?? boundary?.[2]}`;
  const parts = upload.body.split(delimiter).slice(1, -1);
  expect(parts).toHaveLength(1);
  const [head = '', ...rest] = parts[0]!.split('\r\n\r\n');
  const text = rest.join('\r\n\r\n').replace(/\r\n$/, '');
  const lines = text.split('\r\n');
  expect(lines.at(-1), 'every line, the last too, ends in CRLF').toBe('');
  return {
    name: /name="([^"]*)"/.exec(head)?.[1],
    filename: /filename="([^"]*)"/.exec(head)?.[1],
    text,
    events: lines.slice(0, -1).map((line) => JSON.parse(line) as ProgressEventLine),
  };
}

/** the layout's audio element for podcasts (the bar's; it has no role of its own) */
const podcastAudio = (page: Page) => page.locator('audio[data-player="podcast"]');

const audioState = (page: Page) =>
  podcastAudio(page).evaluate((audio: HTMLAudioElement) => ({
    src: audio.currentSrc,
    /** NETWORK_EMPTY (0) once unloaded */
    network: audio.networkState,
    time: audio.currentTime,
    paused: audio.paused,
    duration: audio.duration,
  }));

const MINUTE = 60_000;

describe('podcasts', () => {
  let browser: Awaited<ReturnType<typeof launch>>;
  let episodes: [Episode, Episode];
  beforeAll(async () => {
    browser = await launch();
    episodes = await twoEpisodes();
  });
  afterAll(() => browser.close());

  it('finds an episode by search, plays it in the bar, and walks to its podcast', async () => {
    const context = await browser.context(DESKTOP);
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto('/search?q=hugjiltei+melhii&type=episode');
    const results = page.getByRole('list', { name: '“hugjiltei melhii” хайлтын үр дүн' });
    await results.getByRole('link').first().click();
    await page.waitForURL(/\/podcast\/[^/]+\/[^/]+$/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Хөгжилтэй мэлхий');
    await page.waitForLoadState('networkidle');

    // the layout's audio element plays podcasts, none of the page's own; no bar before an episode is loaded
    expect(await podcastAudio(page).count()).toBe(1);
    expect(await page.locator('main audio').count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Подкаст тоглуулагч' }).count()).toBe(0);
    await podcastAudio(page).evaluate((audio: HTMLAudioElement) => {
      audio.muted = true;
    });
    const stream = page.waitForResponse((response) => response.url().includes('/media/audio/'));
    await page.getByRole('main').getByRole('button', { name: 'Сонсох' }).click();
    const bar = page.getByRole('region', { name: 'Подкаст тоглуулагч' });
    await bar.waitFor();
    expect((await stream).headers()['content-type']).toMatch(/^audio\/mpeg/);
    await expect.poll(async () => (await audioState(page)).time).toBeGreaterThan(0.3);
    expect((await audioState(page)).src).toMatch(/\/media\/audio\/.+\.mp3$/);
    expect(await bar.getByRole('link').first().innerText()).toBe('Хөгжилтэй мэлхий');
    await screenshot(page, 'podcast-episode-1280');

    const series = (
      await page.getByRole('navigation', { name: 'Байршил' }).getByRole('link').nth(2).innerText()
    ).trim();
    await page.getByRole('link', { name: 'Бүх дугаарыг харах' }).click();
    await page.waitForURL(/\/podcast\/[^/]+$/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(series);
    expect(await page.getByRole('heading', { name: 'Дугаарууд' }).count()).toBe(1);
    // the bar plays on across pages
    expect(await bar.isVisible()).toBe(true);
    expect((await audioState(page)).paused).toBe(false);
    expect(problems).toEqual([]);
  });

  it("opens a podcast from the home feed's shelf on a phone", async () => {
    const context = await browser.context(MOBILE);
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto('/podcast');
    await page.waitForLoadState('networkidle');
    const first = page.locator('main a[href^="/podcast/"]').first();
    const href = await first.getAttribute('href');
    await first.click();
    await page.waitForURL(`**${href}`);
    await expect.poll(() => page.getByRole('heading', { name: 'Дугаарууд' }).count()).toBe(1);
    const episodes = page.locator('main ol a[href^="/podcast/"]');
    expect(await episodes.count()).toBeGreaterThan(0);
    await screenshot(page, 'podcast-channel-375');
    expect(problems).toEqual([]);
  });

  it('drives the bar: play and pause in sync, skips, hides, switches, toggles, sends progress, closes', async () => {
    const [first, second] = episodes;
    const context = await browser.context(DESKTOP);
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.clock.install();
    await serveLongStreams(page);
    const uploads = await watchUploads(page);
    await page.goto(pageOf(first));
    await page.waitForLoadState('networkidle');
    await podcastAudio(page).evaluate((audio: HTMLAudioElement) => {
      audio.muted = true;
    });
    const main = page.getByRole('main');
    const bar = page.getByRole('region', { name: 'Подкаст тоглуулагч' });

    // the page's button loads the episode into the bar and plays its file
    await main.getByRole('button', { name: 'Сонсох' }).click();
    await bar.waitFor();
    await bar.getByRole('button', { name: 'Түр зогсоох' }).waitFor();
    expect((await audioState(page)).src).toBe(new URL(first.stream_url, baseUrl()).href);
    expect(await bar.getByRole('link').first().innerText()).toBe(first.title);
    await expect.poll(async () => (await audioState(page)).duration).toBeGreaterThan(100);

    // play and pause follow the element, whoever pauses it (a headset, the OS)
    await podcastAudio(page).evaluate((audio: HTMLAudioElement) => audio.pause());
    await bar.getByRole('button', { name: 'Тоглуулах' }).waitFor();
    await podcastAudio(page).evaluate((audio: HTMLAudioElement) => audio.play());
    await bar.getByRole('button', { name: 'Түр зогсоох' }).waitFor();
    await bar.getByRole('button', { name: 'Түр зогсоох' }).click();
    await bar.getByRole('button', { name: 'Тоглуулах' }).waitFor();
    expect((await audioState(page)).paused).toBe(true);
    expect(await main.getByRole('button', { name: 'Сонсох' }).isVisible()).toBe(true);

    // back 10 s and forward 30 s, from the keyboard too
    await podcastAudio(page).evaluate((audio: HTMLAudioElement) => {
      audio.currentTime = 50;
    });
    await bar.getByRole('button', { name: '10 секунд буцаах' }).click();
    await expect.poll(async () => (await audioState(page)).time).toBeCloseTo(40, 0);
    await bar.getByRole('button', { name: '30 секунд урагшлуулах' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await audioState(page)).time).toBeCloseTo(70, 0);
    await expect.poll(() => bar.getByRole('slider', { name: 'Сонсож буй байрлал' }).inputValue()).toBe('70');
    await screenshot(page, 'podcast-player-focus-1280');

    // hidden, a handle stays to show it again; playback goes on meanwhile
    await bar.getByRole('button', { name: 'Тоглуулах' }).click();
    await bar.getByRole('button', { name: 'Түр зогсоох' }).waitFor();
    await bar.getByRole('button', { name: 'Тоглуулагчийг нуух' }).click();
    await expect.poll(() => bar.isVisible()).toBe(false);
    const handle = page.getByRole('button', { name: 'Тоглуулагчийг харуулах' });
    expect(await handle.isVisible()).toBe(true);
    expect((await audioState(page)).paused).toBe(false);
    await handle.click();
    await expect.poll(() => bar.isVisible()).toBe(true);
    expect(await handle.count()).toBe(0);

    // a progress event a minute while it plays; the fifth sends them, as the spec's file
    for (let minute = 1; minute <= 4; minute += 1) await page.clock.runFor(MINUTE);
    expect(uploads.uploads).toHaveLength(0);
    await page.clock.runFor(MINUTE);
    await expect.poll(() => uploads.uploads.length).toBe(1);
    const firstUpload = uploads.uploads[0]!;
    const part = filePart(firstUpload);
    expect(part.name).toBe('file');
    expect(part.filename).toBeTruthy();
    expect(part.events).toHaveLength(5);
    const device = await page.evaluate(() => localStorage.getItem('device_uuid'));
    const session = await page.evaluate(() => sessionStorage.getItem('session'));
    for (const event of part.events) {
      expect(event).toMatchObject({
        id: first.id,
        e: 'podcast_episode.progress',
        d: device,
        s: session,
        did: '',
        u: null,
      });
      expect(event.progress).toBeGreaterThan(60);
    }
    expect(part.events.map((event) => event.t - part.events[0]!.t)).toEqual([0, 60, 120, 180, 240]);
    expect(part.text).toBe(eventsFileText(part.events));
    expect(firstUpload.status).toBe(200);
    expect(JSON.parse(firstUpload.answer)).toEqual({ data: { received: 5, stored: 5 } });

    // pausing stops the timer: no event while paused
    await bar.getByRole('button', { name: 'Түр зогсоох' }).click();
    await bar.getByRole('button', { name: 'Тоглуулах' }).waitFor();
    for (let minute = 1; minute <= 6; minute += 1) await page.clock.runFor(MINUTE);
    expect(uploads.uploads).toHaveLength(1);

    // an upload that fails keeps the buffer; the next one sends it with the new event
    await bar.getByRole('button', { name: 'Тоглуулах' }).click();
    await bar.getByRole('button', { name: 'Түр зогсоох' }).waitFor();
    uploads.failing = true;
    for (let minute = 1; minute <= 5; minute += 1) await page.clock.runFor(MINUTE);
    await expect.poll(() => uploads.uploads.length).toBe(2);
    const failed = filePart(uploads.uploads[1]!).events;
    expect(failed).toHaveLength(5);
    uploads.failing = false;
    await page.clock.runFor(MINUTE);
    await expect.poll(() => uploads.uploads.length).toBe(3);
    const retried = filePart(uploads.uploads[2]!).events;
    expect(retried).toHaveLength(6);
    expect(retried.slice(0, 5)).toEqual(failed);
    expect(JSON.parse(uploads.uploads[2]!.answer)).toEqual({ data: { received: 6, stored: 6 } });

    // client navigation to another episode: its button starts its own file from 0
    await main
      .locator(`a[href="${pageOf(second)}"]`)
      .first()
      .click();
    await page.waitForURL(`**${pageOf(second)}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(second.title);
    await main.getByRole('button', { name: 'Сонсох' }).click();
    await expect.poll(async () => (await audioState(page)).src).toBe(new URL(second.stream_url, baseUrl()).href);
    await expect.poll(() => bar.getByRole('link').first().innerText()).toBe(second.title);
    const switched = await audioState(page);
    expect(switched.time).toBeLessThan(5);
    await bar.getByRole('button', { name: 'Түр зогсоох' }).waitFor();
    await expect.poll(async () => (await audioState(page)).time).toBeGreaterThan(0.3);

    // the same episode's button toggles: pause, then play again
    await main.getByRole('button', { name: 'Түр зогсоох' }).click();
    await bar.getByRole('button', { name: 'Тоглуулах' }).waitFor();
    expect((await audioState(page)).paused).toBe(true);
    await main.getByRole('button', { name: 'Сонсох' }).click();
    await bar.getByRole('button', { name: 'Түр зогсоох' }).waitFor();
    expect((await audioState(page)).src).toBe(new URL(second.stream_url, baseUrl()).href);

    // closing stops playback, takes the bar away and sends what is buffered
    await page.clock.runFor(MINUTE);
    await page.clock.runFor(MINUTE);
    expect(uploads.uploads).toHaveLength(3);
    await bar.getByRole('button', { name: 'Тоглуулагчийг хаах' }).click();
    await expect.poll(() => bar.count()).toBe(0);
    const closed = await audioState(page);
    expect(closed.paused).toBe(true);
    // unloading runs the element's load algorithm, which settles a moment later
    await expect.poll(async () => (await audioState(page)).network).toBe(0);
    await expect.poll(() => uploads.uploads.length).toBe(4);
    const sentOnClose = filePart(uploads.uploads[3]!).events;
    expect(sentOnClose.map((event) => event.id)).toEqual([second.id, second.id]);
    expect(JSON.parse(uploads.uploads[3]!.answer)).toEqual({ data: { received: 2, stored: 2 } });
    await page.clock.runFor(MINUTE);
    expect(uploads.uploads).toHaveLength(4);

    // the one console error is the browser's own line about the 500 the route answered
    expect(problems.filter((problem) => !/status of 500/.test(problem))).toEqual([]);
    expect(problems.length).toBeLessThanOrEqual(1);
  });

  it('offers a member to continue where they stopped, on a phone, and hides to a handle', async () => {
    const [first] = episodes;
    // somewhere the page offers to continue from: past the first seconds, before the last ten
    expect(first.duration_seconds).toBeGreaterThan(15);
    const stopAt = Math.floor(first.duration_seconds / 3);
    const password = 'podcast-сонсогч-2025';
    const member = await registerByApi('Сонсогч', password);
    const form = new FormData();
    const stopped: ProgressEventLine = {
      id: first.id,
      s: 'other-tab',
      d: crypto.randomUUID(),
      did: '',
      u: null,
      progress: stopAt,
      t: Math.floor(Date.now() / 1000) - 3600,
      e: 'podcast_episode.progress',
    };
    form.append('file', new Blob([eventsFileText([stopped])], { type: 'text/plain' }), 'events.txt');
    const posted = await fetch(`${baseUrl()}/api/analytics/events`, {
      method: 'POST',
      headers: { authorization: `Bearer ${member.token}` },
      body: form,
    });
    expect(posted.status).toBe(200);

    const context = await browser.context(MOBILE);
    const page = await context.newPage();
    const problems = watchConsole(page);
    await serveLongStreams(page);
    const login = await page.request.post('/v4/auth/login', {
      data: { login: member.phone, password },
      headers: { origin: baseUrl(), 'device-uuid': crypto.randomUUID() },
    });
    expect(login.status()).toBe(200);
    await page.goto(pageOf(first));
    await page.waitForLoadState('networkidle');
    await podcastAudio(page).evaluate((audio: HTMLAudioElement) => {
      audio.muted = true;
    });
    const main = page.getByRole('main');
    const resume = main.getByRole('button', {
      name: `Зогсоосон газраасаа үргэлжлүүлэх (0:${String(stopAt).padStart(2, '0')})`,
    });
    await resume.waitFor();
    expect(await main.getByRole('button', { name: 'Эхнээс нь сонсох' }).isVisible()).toBe(true);
    await resume.click();
    const bar = page.getByRole('region', { name: 'Подкаст тоглуулагч' });
    await bar.getByRole('button', { name: 'Түр зогсоох' }).waitFor();
    await expect.poll(async () => (await audioState(page)).time).toBeGreaterThan(stopAt);
    // the bar sits above the phone's bottom bar, and every control fits the screen
    const box = await bar.boundingBox();
    const nav = await page.getByRole('navigation', { name: 'Үндсэн цэс' }).boundingBox();
    expect(box && nav && box.y + box.height).toBeLessThanOrEqual((nav?.y ?? 0) + 1);
    for (const name of [
      '10 секунд буцаах',
      'Түр зогсоох',
      '30 секунд урагшлуулах',
      'Тоглуулагчийг нуух',
      'Тоглуулагчийг хаах',
    ]) {
      const control = await bar.getByRole('button', { name }).boundingBox();
      expect(control && control.x >= 0 && control.x + control.width <= 375, name).toBe(true);
    }
    await screenshot(page, 'podcast-player-375');
    await bar.getByRole('button', { name: 'Тоглуулагчийг нуух' }).click();
    await page.getByRole('button', { name: 'Тоглуулагчийг харуулах' }).waitFor();
    await screenshot(page, 'podcast-player-hidden-375');
    expect(problems).toEqual([]);
  });
});
