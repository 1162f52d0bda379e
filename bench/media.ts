// `npm run bench:media`: the players' speed, measured on the built server in Debian's Chromium
// on loopback, with a plain MP3 measured in the same run as the baseline:
//
//   - packaging a title cold (the first play of a title no one has played): request to ready
//   - tap "Сонсох" on a book page to audible sound, for an owner (playback session, Shaka,
//     manifest, ClearKey licence, first segment) and for a visitor (the clear preview)
//   - the owner's tap again with a mobile round trip (50 ms) added to every request, uncached
//   - tap play on a loaded player to audible sound; the baseline: a plain <audio> MP3
//   - seek within the title to playing again
//   - the tab's JS heap on a 50-chapter book's player and on a 1 500-episode channel page
//
// "Audible" is the Web Audio analyser seeing signal: decoded sound, not only moving time.
// Needs PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres): a
// database nomsan_bench_media is made afresh each run, so packaging is cold.
//
//   BENCH_RUNS   repetitions of each browser measurement (default 9)
//   BENCH_DEBUG  set: prints each tap's timeline (every request after it, ms since the tap)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS } from '../e2e/support/browser';
import type { PlaybackSession } from '@nomsan/contracts/media';
import { startServer } from '../e2e/support/server';

const runs = Number(process.env.BENCH_RUNS ?? 9);
/** a 4G link's round trip, added to every request for the "phone's link" rows */
const MOBILE_RTT_MS = 50;
const adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const DB = 'nomsan_bench_media';

const p50 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
const max = (values: number[]) => Math.max(...values);
const rows: { name: string; p50: number; max: number; unit: string; ratio?: string }[] = [];
const row = (name: string, values: number[], unit = 'ms', baseline?: number) => {
  const median = p50(values);
  rows.push({
    name,
    p50: median,
    max: max(values),
    unit,
    ratio: baseline ? `${(median / baseline).toFixed(1)}x` : undefined,
  });
};

async function freshDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${DB} with (force)`);
  await admin.query(`create database ${DB}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${DB}`;
  return url.toString();
}

/**
 * Run in every page before its scripts: the moment of the tap (the pointer going down, not
 * Playwright's click, which first waits, scrolls and hovers), the moment the title's audio
 * fires `playing`, and every Web Audio analyser the page makes (the player's level meter), so
 * "audible" is read from the player's own analyser at frame rate, as the baseline's is.
 */
const INSTRUMENT = `(() => {
  window.__bench = { tapAt: null, playingAt: null, analysers: [] };
  document.addEventListener('pointerdown', (event) => { window.__bench.tapAt = event.timeStamp; window.__bench.playingAt = null; }, true);
  document.addEventListener('playing', (event) => {
    if (event.target?.dataset?.player === 'title') window.__bench.playingAt ??= performance.now();
  }, true);
  const make = AudioContext.prototype.createAnalyser;
  AudioContext.prototype.createAnalyser = function () {
    const analyser = make.call(this);
    window.__bench.analysers.push(analyser);
    return analyser;
  };
})()`;

/**
 * JS run in the page as a string (tsx would add helpers the page does not have): waits until
 * the player's analyser sees signal (RMS over 0.005, the baseline's threshold) and answers the
 * times since the tap: of the playback session, manifest, licence and first segment answering
 * (resource timing), of `playing` and of audible sound; null when no sound came in 20 s.
 */
const AUDIBLE = `new Promise((resolve) => {
  const bench = window.__bench;
  const samples = new Float32Array(2048);
  let audibleAt = null;
  const check = () => {
    const now = performance.now();
    audibleAt ??= bench.analysers.some((analyser) => {
      const data = samples.subarray(0, analyser.fftSize);
      analyser.getFloatTimeDomainData(data);
      let sum = 0;
      for (const s of data) sum += s * s;
      return Math.sqrt(sum / data.length) > 0.005;
    }) ? now : null;
    // the 'playing' event may come just after the sound starts: waited for, up to a second
    if (audibleAt !== null && (bench.playingAt !== null || now - audibleAt > 1000)) {
      const since = (pattern) => {
        const entry = performance.getEntriesByType('resource')
          .find((e) => e.startTime >= bench.tapAt && pattern.test(e.name));
        return entry ? entry.responseEnd - bench.tapAt : null;
      };
      resolve({
        session: since(/\\/v5\\/drm\\/(book|summary)-audio\\//),
        manifest: since(/\\.mpd(\\?|$)/),
        licence: since(/\\/v5\\/drm\\/licence/),
        segment: since(/\\.(m4s|mp4)(\\?|$)/),
        playing: bench.playingAt === null ? null : bench.playingAt - bench.tapAt,
        audible: audibleAt - bench.tapAt,
        requests: performance.getEntriesByType('resource').filter((e) => e.startTime >= bench.tapAt)
          .map((e) => [e.name.replace(/^https?:\\/\\/[^/]+/, ''), Math.round(e.startTime - bench.tapAt), Math.round(e.responseEnd - bench.tapAt)]),
      });
    } else if (now - bench.tapAt > 20000) resolve(null);
    else requestAnimationFrame(check);
  };
  check();
})`;
type Audible = Record<'session' | 'manifest' | 'licence' | 'segment' | 'playing', number | null> & {
  audible: number;
  /** every request after the tap: path, start and end (ms since the tap), printed with BENCH_DEBUG=1 */
  requests: [string, number, number][];
};

async function main() {
  const databaseUrl = await freshDatabase();
  const mediaDir = mkdtempSync(join(tmpdir(), 'nomsan-bench-media-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'nomsan-bench-media-data-'));
  const server = await startServer({
    dataDir,
    env: {
      DATABASE_URL: databaseUrl,
      MEDIA_DIR: mediaDir,
      MEDIA_PACKAGE_AHEAD: '0',
      DEMO_TITLES: '300',
      LOG_LEVEL: 'warn',
    },
  });
  const base = server.url;
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const userDir = mkdtempSync(join(tmpdir(), 'nomsan-bench-chromium-'));
  let context: BrowserContext | undefined;
  try {
    const { rows: books } = await db.query<{ id: number; slug: string; audio_file: string }>(
      `select b.id, b.slug, a.audio_file from catalog_book b join catalog_audio_edition a on a.book_id = b.id
        where b.status = 'published' order by b.id limit 24`,
    );
    // a book of 50 chapters (on the 52-second recording), before anything packages it
    const long = books.slice(6).find((b) => b.audio_file === 'narration-3.m4a')!;
    await db.query('delete from catalog_audio_chapter where book_id = $1', [long.id]);
    for (let i = 0; i < 50; i += 1) {
      await db.query(
        'insert into catalog_audio_chapter (book_id, position, title, start_seconds, duration_seconds) values ($1, $2, $3, $4, 1)',
        [long.id, i + 1, `Бүлэг ${i + 1}`, i],
      );
    }
    // a channel of 1 500 episodes
    const { rows: series } = await db.query<{ id: number; slug: string }>(
      'select id, slug from podcast_series order by id limit 1',
    );
    await db.query(
      `insert into podcast_episode (series_id, slug, number, title, description, duration_seconds, audio_file, published_at)
       select $1, 'bench-episode-' || n, (n % 30000)::smallint, 'Дугаар ' || n, 'Туршилтын дугаар', 27, 'podcast-1.mp3', now() - n * interval '1 hour'
         from generate_series(1, 1500) n`,
      [series[0]!.id],
    );

    // cold packaging: the first request for a title queues its job; ready when the playlist says so
    const packaging: number[] = [];
    for (const book of books.slice(0, 6)) {
      const started = performance.now();
      for (;;) {
        const answer = (await (await fetch(`${base}/api/books/v3/${book.id}/playlist`)).json()) as {
          data: { status: string };
        };
        if (answer.data.status === 'ready') break;
        if (answer.data.status === 'failed') throw new Error(`packaging failed for ${book.id}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      packaging.push(performance.now() - started);
    }
    row('package a title cold (34-52 s recordings)', packaging);

    // a member who owns the first books' audio (granted directly: the bench measures playing)
    const phone = `9${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const password = 'Bench-Media-2026';
    const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
      const response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { data: Record<string, unknown> }).data;
    };
    const register = async (name: string, phone: string) => {
      const challenge = await post('/v4/auth/otp', { purpose: 'register', phone });
      const outbox = (await (await fetch(`${base}/dev/outbox?format=json&to=${phone}`)).json()) as {
        data: { code: string }[];
      };
      const verified = await post('/v4/auth/otp:verify', {
        challenge_id: challenge.challenge_id,
        purpose: 'register',
        code: outbox.data[0]!.code,
      });
      const registered = await post(
        '/v4/auth/register',
        { verification_token: verified.verification_token, name, password },
        { 'client-id': 'bench', 'device-uuid': crypto.randomUUID() },
      );
      return { id: (registered.user as { id: number }).id, token: registered.access_token as string };
    };
    const buyer = await register('Bench', phone);
    for (const book of books) {
      await db.query(
        `insert into entitlements_grant (user_id, item_type, item_id, format, reason, source) values ($1, 'book', $2, 'audiobook', 'purchase', 'bench')`,
        [buyer.id, book.id],
      );
    }
    // a subscriber: no grant, an audio pass, and the first books' audio offered under it
    const subscriber = await register('Bench subscriber', `8${phone.slice(1)}`);
    await db.query(
      `insert into entitlements_pass (user_id, scope, source, starts_at, ends_at) values ($1, 'audio', 'bench', now() - interval '1 day', now() + interval '30 days')`,
      [subscriber.id],
    );
    await db.query(
      `update commerce_offer set subscription_scopes = array['audio'] where item_type = 'book' and format = 'audiobook' and item_id = any($1)`,
      [books.slice(0, 6).map((b) => b.id)],
    );

    // the server's part of a tap, measured from here: the playback session and the licence, for
    // a buyer (one grant read) and a subscriber (grants, passes and the title's offers read);
    // nothing of it is cached between requests
    for (const [who, member] of [
      ['buyer (a grant)', buyer],
      ['subscriber (a pass)', subscriber],
    ] as const) {
      const sessions: number[] = [];
      const licences: number[] = [];
      for (let i = 0; i < runs * 5; i += 1) {
        const book = books[i % 6]!;
        const headers = { authorization: `Bearer ${member.token}`, accept: 'application/json' };
        let started = performance.now();
        const answer = await fetch(`${base}/v5/drm/book-audio/${book.id}/mpd`, { headers });
        const session = ((await answer.json()) as { data: PlaybackSession }).data;
        sessions.push(performance.now() - started);
        if (session.access !== 'full' || !session.licence) throw new Error(`${who}: no full access to ${book.id}`);
        started = performance.now();
        const licence = await fetch(`${base}${session.licence.url}`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json', 'x-licence-token': session.licence.token },
          body: JSON.stringify({ kids: session.licence.key_ids, type: 'temporary' }),
        });
        if (!licence.ok) throw new Error(`${who}: licence ${licence.status}`);
        await licence.arrayBuffer();
        licences.push(performance.now() - started);
      }
      row(`server: playback session, ${who}`, sessions);
      row(`server: licence, ${who}`, licences);
    }

    context = await chromium.launchPersistentContext(userDir, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [...CHROMIUM_FLAGS, '--autoplay-policy=no-user-gesture-required'],
      baseURL: base,
      viewport: { width: 1280, height: 900 },
    });
    await context.addInitScript(INSTRUMENT);
    const page: Page = context.pages()[0] ?? (await context.newPage());

    // the baseline: a plain MP3 in an <audio>, with the same analyser
    const baseline: number[] = [];
    await page.goto('/about');
    for (let i = 0; i < runs; i += 1) {
      baseline.push(
        await page.evaluate(`new Promise(async (resolve) => {
          const audio = new Audio('/media/audio/podcast-1.mp3?run=${i}');
          const context = new AudioContext();
          const analyser = context.createAnalyser();
          context.createMediaElementSource(audio).connect(analyser).connect(context.destination);
          const samples = new Float32Array(analyser.fftSize);
          const started = performance.now();
          await audio.play();
          const check = () => {
            analyser.getFloatTimeDomainData(samples);
            let sum = 0;
            for (const s of samples) sum += s * s;
            if (Math.sqrt(sum / samples.length) > 0.005) { audio.pause(); context.close(); resolve(performance.now() - started); }
            else requestAnimationFrame(check);
          };
          check();
        })`),
      );
    }
    const baselineP50 = p50(baseline);
    row('baseline: plain MP3 <audio>, play to audible', baseline);

    // visitor and owner: tap "Сонсох" on the book page to audible, and when each step answered
    const tapToAudible = async (label: string) => {
      const runsDone: Audible[] = [];
      for (let i = 0; i < runs; i += 1) {
        const book = books[i % 6]!;
        await page.goto(`/${book.slug}`);
        await page.waitForLoadState('networkidle');
        await page.getByRole('link', { name: label }).click();
        const audible = (await page.evaluate(AUDIBLE)) as Audible | null;
        if (!audible) {
          await page.screenshot({ path: join(tmpdir(), 'bench-media-failure.png') });
          throw new Error(
            `no sound after "${label}" on ${page.url()} (screenshot in ${tmpdir()}/bench-media-failure.png)`,
          );
        }
        runsDone.push(audible);
        if (process.env.BENCH_DEBUG) console.log(label, JSON.stringify(audible));
        await page.evaluate(`document.querySelector('audio[data-player="title"]')?.pause()`);
      }
      return runsDone;
    };
    const steps = (who: string, measured: Audible[]) => {
      const step = (name: string, key: keyof Audible) => {
        const values = measured.map((m) => m[key]).filter((v): v is number => v !== null);
        if (values.length === measured.length) row(`  ${who}: tap to ${name}`, values);
      };
      step('playback session answered', 'session');
      step('manifest answered', 'manifest');
      step('licence answered', 'licence');
      step('first segment answered', 'segment');
      step('`playing`', 'playing');
    };
    /** the taps' total against the baseline, then when each step answered */
    const tapRows = (name: string, who: string, measured: Audible[]) => {
      row(
        name,
        measured.map((m) => m.audible),
        'ms',
        baselineP50,
      );
      steps(who, measured);
    };
    tapRows('visitor: tap "Дээж сонсох" to audible (preview)', 'visitor', await tapToAudible('Дээж сонсох'));
    await page.evaluate(
      `fetch('/v4/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login: '${phone}', password: '${password}' }) })`,
    );
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    tapRows('owner: tap "Сонсох" to audible (session, licence, segment)', 'owner', await tapToAudible('Сонсох'));

    // a loaded player: tap play to audible; then seeks
    const play: number[] = [];
    const seeks: number[] = [];
    await page.goto(`/player/book/${books[0]!.id}`);
    await page.getByRole('button', { name: 'Тоглуулах' }).waitFor();
    for (let i = 0; i < runs; i += 1) {
      await page.getByRole('button', { name: 'Тоглуулах' }).and(page.locator(':enabled')).waitFor();
      await page.getByRole('button', { name: 'Тоглуулах' }).click();
      play.push(((await page.evaluate(AUDIBLE)) as Audible).audible);
      seeks.push(
        (await page.evaluate(`new Promise((resolve) => {
          const audio = document.querySelector('audio[data-player="title"]');
          const started = performance.now();
          audio.addEventListener('seeked', () => resolve(performance.now() - started), { once: true });
          audio.currentTime = ${(i * 4.7) % 25};
        })`)) as number,
      );
      await page.evaluate(`document.querySelector('audio[data-player="title"]').pause()`);
    }
    row('owner: tap play on a loaded player to audible', play, 'ms', baselineP50);
    row('seek within the title to seeked', seeks);

    // memory of the tab: a 50-chapter book playing, a 1 500-episode channel page
    const heapMb = async () => {
      const cdp = await context!.newCDPSession(page);
      await cdp.send('HeapProfiler.collectGarbage');
      await cdp.send('Performance.enable');
      const { metrics } = await cdp.send('Performance.getMetrics');
      const used = metrics.find((m) => m.name === 'JSHeapUsedSize')!.value / 1024 / 1024;
      const nodes = metrics.find((m) => m.name === 'Nodes')!.value;
      await cdp.detach();
      return { used, nodes };
    };
    await page.goto(`/player/book/${long.id}`);
    await page.getByRole('button', { name: 'Тоглуулах' }).click();
    await page.evaluate(AUDIBLE);
    const chapters = await page.locator('#player-chapters + ol > li').count();
    const player = await heapMb();
    rows.push({
      name: `tab JS heap: player of a ${chapters}-chapter book (${player.nodes} DOM nodes)`,
      p50: player.used,
      max: player.used,
      unit: 'MB',
    });
    await page.goto(`/podcast/${series[0]!.slug}`);
    await page.waitForLoadState('networkidle');
    const channel = await heapMb();
    rows.push({
      name: `tab JS heap: a 1 500-episode channel page (${channel.nodes} DOM nodes)`,
      p50: channel.used,
      max: channel.used,
      unit: 'MB',
    });

    // the owner's tap on a phone's link: every request waits a mobile round trip more
    // (Chromium's network emulation), so requests made one after another cost what they cost
    // outside; with the browser's cache off, as for a title played the first time on this
    // device (measured last: what the cache held is gone after it)
    const link = await context.newCDPSession(page);
    await link.send('Network.enable');
    const phoneLink = async (on: boolean) => {
      await link.send('Network.setCacheDisabled', { cacheDisabled: on });
      await link.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: on ? MOBILE_RTT_MS : 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
    };
    await phoneLink(true);
    const ownerMobile = await tapToAudible('Сонсох');
    await phoneLink(false);
    await link.detach();
    tapRows(
      `owner, ${MOBILE_RTT_MS} ms round trips, nothing cached: tap "Сонсох" to audible`,
      `owner, ${MOBILE_RTT_MS} ms round trips`,
      ownerMobile,
    );
  } finally {
    await context?.close();
    await db.end();
    await server.stop();
    rmSync(mediaDir, { recursive: true, force: true });
    rmSync(userDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }

  console.log(
    `\nmedia bench, ${runs} runs each, p50 and max (Chromium ${process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'}, loopback)\n`,
  );
  const width = Math.max(...rows.map((r) => r.name.length)) + 2;
  console.log(`${'measure'.padEnd(width)}${'p50'.padStart(10)}${'max'.padStart(10)}  unit  vs baseline`);
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(width)}${r.p50.toFixed(r.unit === 'MB' ? 1 : 0).padStart(10)}${r.max.toFixed(r.unit === 'MB' ? 1 : 0).padStart(10)}  ${r.unit.padEnd(4)}  ${r.ratio ?? ''}`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
