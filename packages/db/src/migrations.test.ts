import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from './client';

/** The migrations folder as it was before migration `tag` (and every later one). */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'nomsan-migrations-'));
  cpSync(migrationsFolder(), dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number; tag: string }[] };
  const cut = journal.entries.findIndex((entry) => entry.tag === tag);
  if (cut < 0) throw new Error(`no migration ${tag}`);
  journal.entries = journal.entries.slice(0, cut);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

describe('migrations over existing data', () => {
  const folders: string[] = [];
  afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  /** A database migrated up to `tag`, given `rows` (SQL), then migrated to the end, for `check`. */
  async function migrateOver(tag: string, rows: string, check: (client: PGlite) => Promise<void>): Promise<void> {
    const before = migrationsBefore(tag);
    folders.push(before);
    const client = await PGlite.create(undefined, { extensions: { pg_trgm } });
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: before });
      await client.exec(rows);
      await migrate(db, { migrationsFolder: migrationsFolder() });
      await check(client);
    } finally {
      await client.close();
    }
  }

  it('0010 gives the descriptions their documents’ head vectors, in static-rank order', async () => {
    await migrateOver(
      '0010_search_text_head',
      `
        insert into search_document (kind, item_id, title_key, published_at, popularity, head) values
          ('book', 1, 'cagan sar', now(), 0.5, 'cagan:1A sar:2A'), ('book', 2, 'har', now(), 0.9, 'har:1A');
        insert into search_text (kind, item_id, title_key, published_at, popularity, body) values
          ('book', 1, 'cagan sar', now(), 0.5, 'nom'), ('book', 3, 'unmatched', now(), 0.1, 'x'),
          ('book', 2, 'har', now(), 0.9, 'nom');`,
      async (client) => {
        const rows = await client.query<{ item_id: number; head: string; body: string }>(
          'select item_id, head::text as head, body::text as body from search_text',
        );
        // physical order (no ORDER BY): capped scans read the most popular first
        expect(rows.rows).toEqual([
          { item_id: 2, head: `'har':1A`, body: `'nom'` },
          { item_id: 1, head: `'cagan':1A 'sar':2A`, body: `'nom'` },
          { item_id: 3, head: '', body: `'x'` },
        ]);
        const indexes = await client.query<{ name: string }>(
          `select indexname as name from pg_indexes where tablename = 'search_text' order by 1`,
        );
        expect(indexes.rows.map((row) => row.name)).toEqual([
          'search_text_body_idx',
          'search_text_episode_body_idx',
          'search_text_kind_item_id_pk',
          'search_text_summary_body_idx',
        ]);
        const options = await client.query<{ options: string[] }>(
          `select reloptions as options from pg_class where relname = 'search_text'`,
        );
        expect(options.rows[0]?.options).toEqual(['parallel_workers=0']);
      },
    );
  });
  it('0011 writes the card columns of the catalogue already there', async () => {
    await migrateOver(
      '0011_catalog_card_columns',
      `
        insert into catalog_contributor (id, slug, name) values (1, 'a', 'Ану'), (2, 'b', 'Бат'), (3, 'c', 'Цэцэг');
        insert into catalog_book (id, slug, title) values (1, 'one', 'Нэг'), (2, 'two', 'Хоёр');
        insert into catalog_book_contributor (book_id, contributor_id, role, position) values
          (1, 2, 'author', 2), (1, 1, 'author', 1), (1, 3, 'narrator', 1);
        insert into catalog_audio_edition (book_id, duration_seconds, sample_seconds, audio_file) values (1, 3600, 60, 'a.mp3');
        insert into catalog_ebook_edition (book_id, pages, epub_file) values (2, 120, 'b.epub');
        insert into catalog_summary (id, slug, title, reading_minutes, audio_duration_seconds, audio_file)
          values (1, 's', 'Товч', 15, 900, 's.mp3');
        insert into catalog_summary_contributor (summary_id, contributor_id, role) values (1, 3, 'author');`,
      async (client) => {
        const books = await client.query(
          'select id, card_authors::jsonb as authors, audio_seconds, ebook_pages from catalog_book order by id',
        );
        expect(books.rows).toEqual([
          {
            id: 1,
            authors: [
              { id: 1, name: 'Ану', slug: 'a' },
              { id: 2, name: 'Бат', slug: 'b' },
            ],
            audio_seconds: 3600,
            ebook_pages: null,
          },
          { id: 2, authors: [], audio_seconds: null, ebook_pages: 120 },
        ]);
        const summaries = await client.query('select card_authors::jsonb as authors from catalog_summary');
        expect(summaries.rows).toEqual([{ authors: [{ id: 3, name: 'Цэцэг', slug: 'c' }] }]);
      },
    );
  });

  it('0012 drops addresses nobody verified, keeps verified ones, and refuses unverified ones after', async () => {
    await migrateOver(
      '0012_identity_verified_addresses',
      `
        insert into identity_user (id, name, email, email_verified_at, phone, phone_verified_at) values
          (1, 'owner', 'a@example.mn', now(), '99112233', now()),
          (2, 'claimer', 'b@example.mn', null, '99112234', now());`,
      async (client) => {
        const users = await client.query('select id, email, phone from identity_user order by id');
        expect(users.rows).toEqual([
          { id: 1, email: 'a@example.mn', phone: '99112233' },
          { id: 2, email: null, phone: '99112234' },
        ]);
        await expect(client.query(`update identity_user set email = 'c@example.mn' where id = 2`)).rejects.toThrow(
          /identity_user_email_verified/,
        );
      },
    );
  });
});
