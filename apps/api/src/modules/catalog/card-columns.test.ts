import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@nomsan/db/orm';
import type { DatabaseHandle } from '@nomsan/db/client';
import { createTestDatabase, type TestDatabase } from '@nomsan/db/testing';
import { catalogRepository } from './catalog.repository';

/**
 * A card's authors, audio length and pages are kept on the book's row (and a summary's
 * authors on its row) by migration 0011's triggers: whatever writes the tables they come
 * from, the card says what those tables say.
 */
describe('card columns', () => {
  let database: TestDatabase;
  let db: DatabaseHandle['db'];
  let repository: ReturnType<typeof catalogRepository>;
  const run = (query: ReturnType<typeof sql>) => db.execute(query);
  const card = async (id: number) => {
    const [row] = await repository.booksByIds([id]);
    return { authors: row?.authors.map((a) => a.name), seconds: row?.durationSeconds, pages: row?.pages };
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.handle.db;
    repository = catalogRepository(db);
    await run(sql`insert into catalog_contributor (id, slug, name) values
      (9001, 'card-a', 'Ану'), (9002, 'card-b', 'Бат'), (9003, 'card-c', 'Цэцэг'), (9004, 'card-d', 'Дорж')`);
    await run(sql`insert into catalog_book (id, slug, title) values
      (9001, 'card-one', 'Нэг'), (9002, 'card-two', 'Хоёр'), (9003, 'card-three', 'Гурав')`);
  });
  afterAll(() => database?.dispose());

  it('hold what the authors and editions of every seeded book and summary say', async () => {
    const books = await run(sql`
      select count(*)::int as wrong from catalog_book b
      left join catalog_audio_edition a on a.book_id = b.id
      left join catalog_ebook_edition e on e.book_id = b.id
      where (b.card_authors::jsonb, b.audio_seconds, b.ebook_pages) is distinct from ((
        select coalesce(jsonb_agg(jsonb_build_object('id', c.id, 'name', c.name, 'slug', c.slug) order by bc.position, c.id), '[]')
        from catalog_book_contributor bc join catalog_contributor c on c.id = bc.contributor_id
        where bc.book_id = b.id and bc.role = 'author'), a.duration_seconds, e.pages)`);
    const summaries = await run(sql`
      select count(*)::int as wrong from catalog_summary s
      where s.card_authors::jsonb is distinct from (
        select coalesce(jsonb_agg(jsonb_build_object('id', c.id, 'name', c.name, 'slug', c.slug) order by sc.position, c.id), '[]')
        from catalog_summary_contributor sc join catalog_contributor c on c.id = sc.contributor_id
        where sc.summary_id = s.id and sc.role = 'author')`);
    const filled = await run(
      sql`select count(*)::int as n from catalog_book where json_array_length(card_authors) > 0`,
    );
    expect(books.rows[0]).toEqual({ wrong: 0 });
    expect(summaries.rows[0]).toEqual({ wrong: 0 });
    expect((filled.rows[0] as { n: number }).n).toBeGreaterThan(100);
  });

  it('follow authors added, reordered, moved and removed, in batches too', async () => {
    expect(await card(9001)).toEqual({ authors: [], seconds: null, pages: null });
    // one statement for two books, a narrator among them (not on the card)
    await run(sql`insert into catalog_book_contributor (book_id, contributor_id, role, position) values
      (9001, 9002, 'author', 2), (9001, 9001, 'author', 1), (9001, 9003, 'narrator', 1), (9002, 9003, 'author', 1)`);
    expect((await card(9001)).authors).toEqual(['Ану', 'Бат']);
    expect((await card(9002)).authors).toEqual(['Цэцэг']);
    await run(sql`update catalog_book_contributor set position = 3 - position
      where book_id = 9001 and role = 'author'`);
    expect((await card(9001)).authors).toEqual(['Бат', 'Ану']);
    // a link moved to another book leaves the first and reaches the second
    await run(sql`update catalog_book_contributor set book_id = 9002, position = 2
      where book_id = 9001 and contributor_id = 9001 and role = 'author'`);
    expect((await card(9001)).authors).toEqual(['Бат']);
    expect((await card(9002)).authors).toEqual(['Цэцэг', 'Ану']);
    await run(sql`delete from catalog_book_contributor where book_id in (9001, 9002) and role = 'author'`);
    expect((await card(9001)).authors).toEqual([]);
    expect((await card(9002)).authors).toEqual([]);
  });

  it('follow the audio and e-book editions', async () => {
    await run(sql`insert into catalog_audio_edition (book_id, duration_seconds, sample_seconds, audio_file)
      values (9003, 3600, 60, 'x.mp3')`);
    await run(sql`insert into catalog_ebook_edition (book_id, pages, epub_file) values (9003, 120, 'x.epub')`);
    expect(await card(9003)).toEqual({ authors: [], seconds: 3600, pages: 120 });
    await run(sql`update catalog_audio_edition set duration_seconds = 4000 where book_id = 9003`);
    await run(sql`update catalog_ebook_edition set pages = 130 where book_id = 9003`);
    expect(await card(9003)).toEqual({ authors: [], seconds: 4000, pages: 130 });
    await run(sql`delete from catalog_audio_edition where book_id = 9003`);
    expect(await card(9003)).toEqual({ authors: [], seconds: null, pages: 130 });
    // a book deleted takes its editions and links with it, and nothing is left to refresh
    await run(sql`insert into catalog_book_contributor (book_id, contributor_id, role) values (9003, 9004, 'author')`);
    await run(sql`delete from catalog_book where id = 9003`);
    expect(await repository.booksByIds([9003])).toEqual([]);
  });

  it('show a renamed author on every card of theirs, books and summaries', async () => {
    const [summary] = (await run(sql`select id from catalog_summary where status = 'published' order by id limit 1`))
      .rows as { id: number }[];
    await run(sql`insert into catalog_book_contributor (book_id, contributor_id, role) values
      (9001, 9004, 'author'), (9002, 9004, 'author')`);
    await run(sql`insert into catalog_summary_contributor (summary_id, contributor_id, role, position)
      values (${summary!.id}, 9004, 'author', 99)`);
    await run(sql`update catalog_contributor set name = 'Дорж Бат', slug = 'dorj-bat' where id = 9004`);
    expect((await card(9001)).authors).toEqual(['Дорж Бат']);
    expect((await card(9002)).authors).toEqual(['Дорж Бат']);
    // a change that is not a name or slug (a like) leaves the cards as they are
    await run(sql`update catalog_contributor set likes_count = likes_count + 1 where id in (9001, 9004)`);
    expect((await card(9001)).authors).toEqual(['Дорж Бат']);
    const [summaryCard] = await repository.summariesByIds([summary!.id]);
    expect(summaryCard?.authors.at(-1)).toEqual({ id: 9004, name: 'Дорж Бат', slug: 'dorj-bat' });
  });

  it('keep both authors that two writers add to one book at the same time', async () => {
    let firstWritten!: () => void;
    const written = new Promise<void>((resolve) => (firstWritten = resolve));
    let letGo!: () => void;
    const held = new Promise<void>((resolve) => (letGo = resolve));
    // the first writer adds an author and holds its transaction open...
    const first = db.transaction(async (tx) => {
      await tx.execute(sql`insert into catalog_book_contributor (book_id, contributor_id, role, position)
        values (9002, 9001, 'author', 1)`);
      firstWritten();
      await held;
    });
    await written;
    // ...while the second adds another (on PostgreSQL its refresh waits for the first's lock)
    const second = db.transaction(async (tx) => {
      await tx.execute(sql`insert into catalog_book_contributor (book_id, contributor_id, role, position)
        values (9002, 9002, 'author', 2)`);
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    letGo();
    await Promise.all([first, second]);
    expect((await card(9002)).authors).toEqual(['Дорж Бат', 'Ану', 'Бат']);
  });
});
