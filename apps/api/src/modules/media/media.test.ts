import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@nomsan/db/orm';
import { FIXTURE_AUDIO_SECONDS } from '@nomsan/demo/generate';
import { clearKeyResponse, playbackResponse, playlistResponse, type PlaybackSession } from '@nomsan/contracts/media';
import { jobsOf } from '../../kernel/module';
import { createAccountsApp, registerByPhone, signIn, type AccountsTestApp, type Registered } from '../../test/accounts';
import { ffmpegPath } from './media.tools';

const run = promisify(execFile);

/**
 * Packaging, playback sessions and keys, end to end through the API: the packaged media is
 * decoded with the key the licence releases (and is not decodable without it), and the key is
 * refused to every session that should not have it.
 */
describe('media: packaged audio and its keys', () => {
  let t: AccountsTestApp;
  let mediaDir: string;
  let book: { id: number; audioFile: string; sample: number };
  let otherBook: number;
  let summary: number;
  beforeAll(async () => {
    mediaDir = mkdtempSync(join(tmpdir(), 'nomsan-media-test-'));
    t = await createAccountsApp({ media: { dir: mediaDir, secret: 'media-test-secret-0123456789abcdef-0123' } });
    const { rows } = await t.db.db.execute<{ id: number; audio_file: string; sample_seconds: number }>(sql`
      select book_id as id, audio_file, sample_seconds from catalog_audio_edition order by book_id limit 2`);
    book = { id: rows[0]!.id, audioFile: rows[0]!.audio_file, sample: rows[0]!.sample_seconds };
    otherBook = rows[1]!.id;
    const summaries = await t.db.db.execute<{ id: number }>(sql`select id from catalog_summary order by id limit 1`);
    summary = summaries.rows[0]!.id;
  }, 120_000);
  afterAll(async () => {
    await t.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  const as = (member: Registered) => ({ authorization: `Bearer ${member.token}` });
  const grant = (member: Registered, id: number, itemType: 'book' | 'summary' = 'book') =>
    t.app.modules!.services.entitlements.grant(t.app.modules!.kernel.root, [
      {
        userId: member.userId,
        itemType,
        itemId: id,
        format: itemType === 'book' ? 'audiobook' : 'summary',
        reason: 'purchase',
        source: `test:${member.userId}:${id}`,
      },
    ]);
  /** runs the packaging jobs waiting, as the worker would */
  async function runPackaging() {
    const { kernel, services, modules } = t.app.modules!;
    const handlers = jobsOf(modules, kernel, services).handlers.filter((h) => h.job.name === 'media.package');
    while (await kernel.jobs.runOne(kernel.root, handlers));
  }
  const playback = async (url: string, member?: Registered): Promise<PlaybackSession> => {
    const answer = await t.app.inject({ url, headers: member ? as(member) : {} });
    expect(answer.statusCode, answer.body).toBe(200);
    return playbackResponse.parse(answer.json()).data;
  };
  const licence = (token: string, kids: string[], member?: Registered) =>
    t.app.inject({
      method: 'POST',
      url: '/v5/drm/licence',
      headers: { ...(member ? as(member) : {}), 'x-licence-token': token },
      payload: { kids, type: 'temporary' },
    });
  const localPath = (url: string) => join(mediaDir, url.replace(/^\/media\//, ''));

  let owner: Registered;
  let session: PlaybackSession;

  it('packages a title by a job, then gives its owner the encrypted manifests and a licence', async () => {
    owner = await registerByPhone(t.app);
    await grant(owner, book.id);
    const before = await playback(`/v5/drm/book-audio/${book.id}/mpd`, owner);
    expect(before).toMatchObject({ access: 'full', status: 'queued', dash_url: null, licence: null });
    await runPackaging();
    session = await playback(`/v5/drm/book-audio/${book.id}/mpd`, owner);
    expect(session).toMatchObject({ access: 'full', status: 'ready' });
    expect(session.dash_url).toMatch(/^\/media\/packaged\/book-\d+\/[a-z0-9]+\/full\/manifest\.mpd$/);
    expect(session.licence!.key_ids).toHaveLength(1);
    const mpd = readFileSync(localPath(session.dash_url!), 'utf8');
    expect(mpd).toContain('cenc:default_KID');
    expect(mpd).toContain('type="static"');
    // the length is the recording's own, and the catalogue says the same
    // (the recording taken in is the fixture normalised: narration-1.mp3 became narration-1.m4a)
    expect(session.duration_seconds!).toBeCloseTo(
      FIXTURE_AUDIO_SECONDS[book.audioFile.replace(/\.m4a$/, '.mp3')]!,
      -0.3,
    );
    const chapters = session.chapters;
    expect(chapters[0]!.start_seconds).toBe(0);
    const end = chapters.at(-1)!.start_seconds + chapters.at(-1)!.duration_seconds;
    expect(end).toBeCloseTo(session.duration_seconds!, 1);
  }, 120_000);

  it('releases the key to that session, and the key decrypts the audio (nothing does without it)', async () => {
    const answer = await licence(session.licence!.token, session.licence!.key_ids, owner);
    expect(answer.statusCode, answer.body).toBe(200);
    const jwk = clearKeyResponse.parse(answer.json());
    const key = Buffer.from(jwk.keys[0]!.k, 'base64url').toString('hex');
    // one segment with its init: decoded with the key it is speech; with another key it fails
    const dir = join(localPath(session.dash_url!), '..');
    const sample = join(mkdtempSync(join(tmpdir(), 'nomsan-seg-')), 'first.mp4');
    writeFileSync(
      sample,
      Buffer.concat([readFileSync(join(dir, 'init.mp4')), readFileSync(join(dir, 'seg_0001.m4s'))]),
    );
    const decode = (hex: string) =>
      run(
        ffmpegPath(),
        ['-v', 'error', '-decryption_key', hex, '-i', sample, '-af', 'volumedetect', '-f', 'null', '-'],
        {
          encoding: 'utf8',
        },
      ).then(
        (r) => r.stderr,
        (e: { stderr: string }) => `failed: ${e.stderr}`,
      );
    expect(await decode(key)).toBe('');
    expect(await decode('00112233445566778899aabbccddeeff')).toMatch(/error|failed|invalid/i);
  }, 60_000);

  it('refuses the key to another member, a visitor, a signed-out session, a late token and a forged one', async () => {
    const { token, key_ids: kids } = session.licence!;
    const other = await registerByPhone(t.app);
    for (const answer of [await licence(token, kids, other), await licence(token, kids)]) {
      expect(answer.statusCode).toBe(403);
      expect(answer.json().error.message).toMatch(/[а-яөү]/i);
    }
    const forged = `${token.split('.')[0]}.${'A'.repeat(43)}`;
    expect((await licence(forged, kids, owner)).statusCode).toBe(403);

    // another title's key id with this token
    await grant(owner, otherBook);
    await playback(`/v5/drm/book-audio/${otherBook}/mpd`, owner);
    await runPackaging();
    const second = await playback(`/v5/drm/book-audio/${otherBook}/mpd`, owner);
    expect(second.licence!.key_ids).not.toEqual(kids);
    expect((await licence(token, second.licence!.key_ids, owner)).statusCode).toBe(403);

    // a token outlives its five minutes
    t.clock.advance(6 * 60_000);
    expect((await licence(token, kids, owner)).json().error.code).toBe('FORBIDDEN');

    // a session signed out cannot use a token issued to it
    const device = await signIn(t.app, owner.phone, owner.password);
    const member = { ...owner, token: device.json().data.access_token as string };
    const fresh = await playback(`/v5/drm/book-audio/${book.id}/mpd`, member);
    expect((await licence(fresh.licence!.token, kids, member)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/v4/auth/logout', headers: as(member) });
    expect((await licence(fresh.licence!.token, kids, member)).statusCode).toBe(403);
  }, 120_000);

  it('gives everyone else the clear preview of the first seconds, and no licence', async () => {
    const visitor = await playback(`/v5/drm/book-audio/${book.id}/mpd`);
    expect(visitor).toMatchObject({ access: 'preview', licence: null });
    expect(visitor.dash_url).toMatch(/\/preview\/manifest\.mpd$/);
    expect(visitor.preview_seconds!).toBeGreaterThan(book.sample - 1);
    expect(visitor.preview_seconds!).toBeLessThan(book.sample + 1);
    expect(readFileSync(localPath(visitor.dash_url!), 'utf8')).not.toContain('ContentProtection');
  });

  it('serves Safari AES-128 HLS with the key URI bound to the token, and the same key', async () => {
    const owned = await playback(`/v5/drm/book-audio/${book.id}/mpd`, owner);
    const playlist = await t.app.inject({ url: owned.hls_url!, headers: as(owner) });
    expect(playlist.statusCode, playlist.body).toBe(200);
    expect(playlist.headers['content-type']).toContain('mpegurl');
    expect(playlist.body).toMatch(/#EXT-X-KEY:METHOD=AES-128,URI="\/v5\/drm\/hls\/key\?token=/);
    expect(playlist.body).toMatch(/^\/media\/packaged\/book-\d+\/[a-z0-9]+\/hls\/seg_0000\.ts$/m);
    const keyUrl = /URI="([^"]+)"/.exec(playlist.body)![1]!;
    const key = await t.app.inject({ url: keyUrl, headers: as(owner) });
    expect(key.rawPayload).toHaveLength(16);
    const jwk = clearKeyResponse.parse((await licence(owned.licence!.token, owned.licence!.key_ids, owner)).json());
    expect(key.rawPayload.toString('base64url')).toBe(jwk.keys[0]!.k);
    const visitor = await t.app.inject({ url: keyUrl });
    expect(visitor.statusCode).toBe(403);
  });

  it("times a summary's sentences on its recording for read-along; a preview shows only its own", async () => {
    const reader = await registerByPhone(t.app);
    await grant(reader, summary, 'summary');
    await playback(`/v5/drm/summary-audio/${summary}/mpd`, reader);
    await runPackaging();
    const full = await playback(`/v5/drm/summary-audio/${summary}/mpd`, reader);
    expect(full.transcript).toHaveLength(6);
    expect(full.transcript![0]).toMatchObject({ start: 0, text: 'Дадлын хүч номын товчлол.' });
    expect(full.transcript![3]!.start).toBeCloseTo(14.9, 0);
    expect(full.transcript!.at(-1)!.end).toBeCloseTo(full.duration_seconds!, 1);
    const preview = await playback(`/v5/drm/summary-audio/${summary}/mpd`);
    expect(preview.transcript!.length).toBeLessThan(6);
    expect(preview.transcript!.at(-1)!.end).toBeLessThanOrEqual(preview.preview_seconds!);
  });

  it('leases the key for listening offline to an owner only, for seven days at most', async () => {
    const lease = (member?: Registered) =>
      t.app.inject({
        method: 'POST',
        url: '/v5/drm/offline-lease',
        headers: member ? as(member) : {},
        payload: { item_type: 'book', item_id: book.id },
      });
    const owned = await lease(owner);
    expect(owned.statusCode, owned.body).toBe(200);
    const { keys, expires_at: expiresAt, session: leased } = owned.json().data;
    expect(Object.keys(keys)).toEqual(leased.licence.key_ids);
    const days = (Date.parse(expiresAt) - t.clock.now().getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    const other = await registerByPhone(t.app);
    expect((await lease(other)).statusCode).toBe(403);
    expect((await lease()).statusCode).toBe(401);
  });

  it('queues the most popular titles ahead, as background work, at most as many as asked', async () => {
    const { services, kernel } = t.app.modules!;
    const queued = await services.media.packageAhead(kernel.root, 3);
    expect(queued).toBeLessThanOrEqual(3);
    const { rows } = await t.db.db.execute<{ n: number }>(
      sql`select count(*)::int as n from system_job where name = 'media.package' and background and state = 'queued'`,
    );
    expect(rows[0]!.n).toBe(queued);
  });

  it('lists chapters and lengths for everyone, for books, English books and summaries', async () => {
    const answer = await t.app.inject({ url: `/api/books/v3/${book.id}/playlist` });
    const list = playlistResponse.parse(answer.json()).data;
    expect(list).toMatchObject({ status: 'ready', item_type: 'book' });
    expect(list.chapters.length).toBeGreaterThan(0);
    const s = await t.app.inject({ url: `/v5/summary/${summary}/playlist` });
    expect(s.statusCode, s.body).toBe(200);
    const missing = await t.app.inject({ url: '/api/books/v3/2147483000/playlist' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toMatch(/[а-яөү]/i);
  });
});
