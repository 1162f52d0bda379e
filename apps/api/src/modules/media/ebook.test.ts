import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ebookPlaylistResponse, summaryPlaylistResponse, type EbookManifest } from '@nomsan/contracts/ebook';
import { mn } from '@nomsan/contracts/messages';
import { sql } from '@nomsan/db/orm';
import {
  createAccountsApp,
  fromSite,
  registerByPhone,
  type AccountsTestApp,
  type Registered,
} from '../../test/accounts';

/**
 * The reader's endpoints on the real app: the owner of an e-book gets its whole manifest and
 * every resource; a visitor and another member get the sample and are refused the rest.
 */
describe('e-book reader: manifest, resources and the sample', () => {
  let t: AccountsTestApp;
  let owner: Registered;
  let other: Registered;
  let bookId: number;
  let summaryId: number;
  let noEbookId: number;

  const services = () => t.app.modules!.services;
  const root = () => t.app.modules!.kernel.root;
  const as = (member: Registered | null) => (member ? { authorization: `Bearer ${member.token}` } : fromSite());
  const playlist = (id: number | string, member: Registered | null) =>
    t.app.inject({ url: `/v5/drm/book/${id}/playlist`, headers: as(member) });
  const resource = (id: number, path: string, member: Registered | null) =>
    t.app.inject({ url: `/v5/drm/book/${id}/resource?path=${encodeURIComponent(path)}`, headers: as(member) });
  const manifestOf = async (id: number, member: Registered | null): Promise<EbookManifest> => {
    const answer = await playlist(id, member);
    expect(answer.statusCode, answer.body).toBe(200);
    return ebookPlaylistResponse.parse(answer.json()).data;
  };
  /** buys with credits, the way a member does (checkout's own flow) */
  const buy = async (member: Registered, kind: 'book' | 'summary', id: number, credits: number) => {
    await services().credits.add(root(), {
      userId: member.userId,
      credits,
      kind: 'bonus',
      description: 'test',
      entryKey: crypto.randomUUID(),
    });
    const answer = await t.app.inject({
      method: 'POST',
      url: `/v6/purchase/${kind}/${id}`,
      headers: { ...as(member), 'idempotency-key': crypto.randomUUID() },
      payload: kind === 'book' ? { format: 'ebook', method: 'credits' } : { method: 'credits' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
  };

  beforeAll(async () => {
    t = await createAccountsApp();
    const { rows } = await t.db.db.execute<{ id: number; credits: number }>(sql`
      select b.id, o.credit_price as credits from catalog_book b
        join catalog_ebook_edition e on e.book_id = b.id
        join commerce_offer o on o.item_type = 'book' and o.item_id = b.id and o.format = 'ebook' and o.active
      where b.status = 'published' and e.epub_file = 'book-1.epub' and o.credit_price is not null
      order by b.id limit 1`);
    const { rows: summaries } = await t.db.db.execute<{ id: number; credits: number }>(sql`
      select s.id, o.credit_price as credits from catalog_summary s
        join commerce_offer o on o.item_type = 'summary' and o.item_id = s.id and o.active
      where s.status = 'published' and cardinality(s.body) > 2 and o.credit_price is not null
      order by s.id limit 1`);
    const { rows: plain } = await t.db.db.execute<{ id: number }>(sql`
      select b.id from catalog_book b where b.status = 'published'
        and not exists (select 1 from catalog_ebook_edition e where e.book_id = b.id)
      order by b.id limit 1`);
    // the demo catalogue must have what these tests read; fail loudly if it changes
    expect(rows, 'a published e-book of book-1.epub that credits unlock').toHaveLength(1);
    expect(summaries, 'a published summary of three paragraphs or more that credits unlock').toHaveLength(1);
    expect(plain, 'a published book without an e-book').toHaveLength(1);
    bookId = rows[0]!.id;
    summaryId = summaries[0]!.id;
    noEbookId = plain[0]!.id;
    owner = await registerByPhone(t.app, { name: 'Уншигч' });
    other = await registerByPhone(t.app, { name: 'Өөр гишүүн' });
    await buy(owner, 'book', bookId, rows[0]!.credits);
    await buy(owner, 'summary', summaryId, summaries[0]!.credits);
  });
  afterAll(() => t.close());

  it('gives the owner the whole manifest: metadata, spine in order, table of contents, every resource with its URL', async () => {
    const manifest = await manifestOf(bookId, owner);
    expect(manifest.sample).toBe(false);
    expect(manifest.metadata).toMatchObject({ title: 'Цагаан сар', language: 'mn', creators: ['Батын Болд'] });
    expect(manifest.package_path).toBe('OEBPS/package.opf');
    expect(manifest.spine.map((item) => item.path)).toEqual([1, 2, 3, 4].map((n) => `OEBPS/chapter-${n}.xhtml`));
    expect(manifest.spine.map((item) => item.in_sample)).toEqual([true, false, false, false]);
    // nothing is locked for the owner: the reader's contents reach every chapter
    expect(manifest.spine.map((item) => item.readable)).toEqual([true, true, true, true]);
    expect(manifest.toc.map((entry) => entry.label)).toEqual([
      'Нэгдүгээр бүлэг. Битүүний өмнөх өдөр',
      'Хоёрдугаар бүлэг. Замд',
      'Гуравдугаар бүлэг. Битүүний орой',
      'Дөрөвдүгээр бүлэг. Шинийн нэгэн',
    ]);
    expect(manifest.toc[1]).toEqual({ label: 'Хоёрдугаар бүлэг. Замд', href: 'OEBPS/chapter-2.xhtml', level: 1 });
    const paths = manifest.resources.map((r) => r.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'META-INF/container.xml',
        'OEBPS/package.opf',
        'OEBPS/nav.xhtml',
        'OEBPS/style.css',
        'OEBPS/cover.svg',
        'OEBPS/chapter-4.xhtml',
      ]),
    );
    const chapter4 = manifest.resources.find((r) => r.path === 'OEBPS/chapter-4.xhtml')!;
    expect(chapter4).toMatchObject({
      media_type: 'application/xhtml+xml',
      url: `/v5/drm/book/${bookId}/resource?path=OEBPS%2Fchapter-4.xhtml`,
    });
    expect(chapter4.size).toBeGreaterThan(500);
  });

  it('serves the owner any resource with its content type, privately, in a sandbox', async () => {
    const manifest = await manifestOf(bookId, owner);
    const last = await t.app.inject({
      url: manifest.resources.find((r) => r.path.endsWith('chapter-4.xhtml'))!.url,
      headers: as(owner),
    });
    expect(last.statusCode).toBe(200);
    expect(last.headers['content-type']).toMatch(/^application\/xhtml\+xml/);
    expect(last.headers['cache-control']).toBe('private, max-age=3600');
    expect(last.headers.vary).toMatch(/cookie, authorization/);
    expect(last.headers['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);
    expect(last.body).toContain('Шинийн нэгэн');
    const css = await resource(bookId, 'OEBPS/style.css', owner);
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    const cover = await resource(bookId, 'OEBPS/cover.svg', owner);
    expect(cover.headers['content-type']).toMatch(/^image\/svg\+xml/);
    const playlistAnswer = await playlist(bookId, owner);
    expect(playlistAnswer.headers['cache-control']).toMatch(/^private/);
  });

  it('gives a visitor and another member the sample: the first chapter and what it uses, and refuses a later chapter (403)', async () => {
    for (const member of [null, other]) {
      const manifest = await manifestOf(bookId, member);
      expect(manifest.sample).toBe(true);
      expect(manifest.spine).toHaveLength(4);
      expect(manifest.spine.map((item) => item.readable)).toEqual([true, false, false, false]);
      // every chapter weighs in the progress, also those not listed
      for (const item of manifest.spine) expect(item.size, item.path).toBeGreaterThan(500);
      expect(manifest.toc).toHaveLength(4);
      expect(manifest.resources.map((r) => r.path).sort()).toEqual([
        'META-INF/container.xml',
        'OEBPS/chapter-1.xhtml',
        'OEBPS/nav.xhtml',
        'OEBPS/package.opf',
        'OEBPS/style.css',
      ]);
      const first = await resource(bookId, 'OEBPS/chapter-1.xhtml', member);
      expect(first.statusCode).toBe(200);
      expect(first.body).toContain('Битүүний өмнөх өдөр');
      const later = await resource(bookId, 'OEBPS/chapter-3.xhtml', member);
      expect(later.statusCode).toBe(403);
      expect(later.json()).toEqual({ error: { code: 'FORBIDDEN', message: mn.reader.notInSample } });
    }
  });

  it('refuses path traversal and paths the book does not have (404), whoever asks', async () => {
    for (const member of [null, owner]) {
      for (const path of [
        '../../../../etc/passwd',
        'OEBPS/../../package.json',
        '/etc/passwd',
        'OEBPS/./chapter-1.xhtml',
        'OEBPS%2Fchapter-1.xhtml',
        'OEBPS/missing.xhtml',
        'mimetype',
        'META-INF/../OEBPS/chapter-2.xhtml',
      ]) {
        const answer = await resource(bookId, path, member);
        expect(answer.statusCode, path).toBe(404);
        expect(answer.json()).toEqual({ error: { code: 'NOT_FOUND', message: mn.reader.noResource } });
      }
    }
    const empty = await t.app.inject({ url: `/v5/drm/book/${bookId}/resource?path=`, headers: as(owner) });
    expect(empty.statusCode).toBe(400);
    const missing = await t.app.inject({ url: `/v5/drm/book/${bookId}/resource`, headers: as(owner) });
    expect(missing.statusCode).toBe(400);
  });

  it('answers bad ids with the envelope: 400 for a malformed id, 404 for a book that is not there or has no e-book', async () => {
    for (const id of ['0x10', '-1', '1e3', 'abc']) {
      const answer = await playlist(id, null);
      expect(answer.statusCode, id).toBe(400);
      expect(answer.json().error.code).toBe('VALIDATION_ERROR');
    }
    const unknown = await playlist(2_000_000_000, owner);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(mn.reader.noEbook);
    const noEbook = await playlist(noEbookId, owner);
    expect(noEbook.statusCode).toBe(404);
    expect(noEbook.json().error.message).toBe(mn.reader.noEbook);
    const resourceOfNone = await resource(noEbookId, 'OEBPS/chapter-1.xhtml', owner);
    expect(resourceOfNone.statusCode).toBe(404);
  });

  it("gives the reader's pages, and only them, a policy that lets foliate-js's blob: frames, styles and fonts in", async () => {
    const reader = String((await t.app.inject('/reader/book/1')).headers['content-security-policy']);
    expect(reader).toContain("frame-src 'self' blob:");
    expect(reader).toContain("style-src 'self' 'unsafe-inline' blob:");
    expect(reader).toContain("font-src 'self' data: blob:");
    expect(reader).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9]+' 'strict-dynamic'$/);
    const other = String((await t.app.inject('/v4/books/1')).headers['content-security-policy']);
    expect(other).not.toContain('frame-src');
    expect(other).toContain("style-src 'self' 'unsafe-inline';");
    expect(other).toContain("font-src 'self' data:;");
  });

  it("gives a summary's owner its whole text and anyone else its first paragraphs", async () => {
    const whole = summaryPlaylistResponse.parse(
      (await t.app.inject({ url: `/v5/drm/summary/${summaryId}/playlist`, headers: as(owner) })).json(),
    ).data;
    expect(whole.sample).toBe(false);
    expect(whole.paragraphs).toHaveLength(whole.total_paragraphs);
    for (const member of [null, other]) {
      const answer = await t.app.inject({ url: `/v5/drm/summary/${summaryId}/playlist`, headers: as(member) });
      expect(answer.headers['cache-control']).toMatch(/^private/);
      const sample = summaryPlaylistResponse.parse(answer.json()).data;
      expect(sample.sample).toBe(true);
      expect(sample.paragraphs).toEqual(whole.paragraphs.slice(0, 2));
      expect(sample.total_paragraphs).toBe(whole.total_paragraphs);
    }
    const unknown = await t.app.inject({ url: '/v5/drm/summary/2000000000/playlist' });
    expect(unknown.statusCode).toBe(404);
  });
});
