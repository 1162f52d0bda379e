import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deskAudioResponse, deskBookResponse } from '@nomsan/contracts/catalog-desk';
import { mn } from '@nomsan/contracts/messages';
import { fixturesDir } from '@nomsan/demo/fixtures-dir';
import { createAccountsApp, type AccountsTestApp } from '../../test/accounts';
import { runQueuedJobs } from '../../test/jobs';
import { keptStaff, uploadAs } from '../../test/staff';
import { chaptersOf, durationIn, parseFfmetadata } from '../media/audio-ingest';

const narration = (n: number) => readFileSync(join(fixturesDir(), 'audio', `narration-${n}.mp3`));

/**
 * A recording from the back office: three files sent in order become one title's audio, joined
 * and normalised for loudness, one chapter a file, packaged with its preview, playable once the
 * title is published; a file ffmpeg cannot read fails the recording with its name.
 */
describe("a title's recording", () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsApp();
  });
  afterAll(() => t.close());

  const editor = () => keptStaff(t.app, ['editor']);
  const upload = async (bytes: Buffer, kind: string, filename: string) =>
    uploadAs(t.app, await editor(), bytes, kind, filename);
  const post = async (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: (await editor()).headers, payload });
  const status = async (id: number) =>
    deskAudioResponse.parse(
      (await t.app.inject({ url: `/api/staff/catalog/books/${id}/audio`, headers: (await editor()).headers })).json(),
    ).data;

  it(
    'joins three files into one recording, a chapter each, packages it, and plays it once published',
    { timeout: 120_000 },
    async () => {
      const book = deskBookResponse.parse(
        (await post('/api/staff/catalog/books', { title: 'Гурван бүлэг' })).json(),
      ).data;
      const ids = [
        await upload(narration(1), 'audio', '01 Эхлэл.mp3'),
        await upload(narration(2), 'audio', '02 Дунд.mp3'),
        await upload(narration(3), 'audio', '03 Төгсгөл.mp3'),
      ];
      const started = await post(`/api/staff/catalog/books/${book.id}/audio`, { upload_ids: ids });
      expect(started.statusCode, started.body).toBe(200);
      expect(deskAudioResponse.parse(started.json()).data).toMatchObject({
        status: 'queued',
        files: ['01 Эхлэл.mp3', '02 Дунд.mp3', '03 Төгсгөл.mp3'],
      });

      await runQueuedJobs(t.app);
      const done = await status(book.id);
      expect(done).toMatchObject({ status: 'ready', progress: 100, chapters: 3, error: null });
      // the three fixtures last 45.7 + 34.4 + 51.7 s
      expect(done.duration_seconds).toBeGreaterThan(125);
      expect(done.duration_seconds).toBeLessThan(138);

      const published = await post(`/api/staff/catalog/books/${book.id}/status`, { status: 'published' });
      expect(published.statusCode, published.body).toBe(200);
      const playlist = (await t.app.inject(`/api/books/v3/${book.id}/playlist`)).json().data;
      expect(playlist.chapters.map((c: { title: string }) => c.title)).toEqual(['01 Эхлэл', '02 Дунд', '03 Төгсгөл']);
    },
  );

  it('fails a recording whose file ffmpeg cannot read, naming the file', { timeout: 60_000 }, async () => {
    const book = deskBookResponse.parse(
      (await post('/api/staff/catalog/books', { title: 'Эвдэрсэн бичлэг' })).json(),
    ).data;
    const fake = Buffer.concat([Buffer.from('ID3\u0004\u0000\u0000\u0000\u0000\u0000\u0000'), Buffer.alloc(2000, 7)]);
    await post(`/api/staff/catalog/books/${book.id}/audio`, {
      upload_ids: [await upload(fake, 'audio', 'эвдэрсэн.mp3')],
    });
    await runQueuedJobs(t.app);
    expect(await status(book.id)).toMatchObject({ status: 'failed', error: mn.audioIngest.unreadable('эвдэрсэн.mp3') });
  });

  it("reads ffmpeg's chapters and lengths", () => {
    const meta = parseFfmetadata(
      ';FFMETADATA1\ntitle=Ном\\=нэр\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=0\nEND=61500\ntitle=Нэг\n[CHAPTER]\nTIMEBASE=1/44100\nSTART=2712150\nEND=5292000\ntitle=Хоёр\n',
    );
    expect(meta).toEqual({
      title: 'Ном=нэр',
      chapters: [
        { title: 'Нэг', startSeconds: 0, endSeconds: 61.5 },
        { title: 'Хоёр', startSeconds: 61.5, endSeconds: 120 },
      ],
    });
    expect(durationIn('  Duration: 01:02:03.45, start: 0')).toBeCloseTo(3723.45);
    expect(
      chaptersOf([{ path: 'a', name: 'a.m4b', durationSeconds: 120, title: 'Ном', chapters: meta.chapters }], 'x').map(
        (c) => [c.title, c.startSeconds, c.durationSeconds],
      ),
    ).toEqual([
      ['Нэг', 0, 62],
      ['Хоёр', 62, 59],
    ]);
  });
});
