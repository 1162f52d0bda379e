import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@nomsan/db/orm';
import { createTestDatabase, type TestDatabase } from '@nomsan/db/testing';
import type { ModuleServices } from '../../kernel/module';
import type { Ctx } from '../../kernel/unit-of-work';
import { createModules } from '../index';
import { onTable } from './search.repository';

// The rebuild writes the document tables anew in static-rank order and swaps them in: capped
// scans rely on the order, and later migrations on the tables keeping their names.
describe('search index rebuild', () => {
  let t: TestDatabase;
  let services: ModuleServices;
  let ctx: Ctx;
  beforeAll(async () => {
    t = await createTestDatabase();
    const composed = createModules({ db: t.handle, publicBaseUrl: 'http://localhost:3000', mediaBaseUrl: '/media' });
    ({ services } = composed);
    ctx = composed.kernel.root;
  });
  afterAll(async () => {
    await services.search.close();
    await t.dispose();
  });

  const indexesOf = async (table: string) => {
    const rows = await t.handle.db.execute<{ name: string; definition: string }>(sql`
      select indexname as name, indexdef as definition from pg_indexes where tablename = ${table} order by indexname`);
    return rows.rows;
  };
  const physicalOrder = async (table: string) => {
    const rows = await t.handle.db.execute<{ kind: string; item_id: number; popularity: number }>(
      sql`select kind, item_id, popularity from ${sql.identifier(table)} order by ctid`,
    );
    return rows.rows;
  };
  const staticRank = async (table: string) => {
    const rows = await t.handle.db.execute<{ kind: string; item_id: number; popularity: number }>(
      sql`select kind, item_id, popularity from ${sql.identifier(table)} order by popularity desc, kind, item_id`,
    );
    return rows.rows;
  };

  it('writes both tables most popular first, keeping their indexes, key and options', async () => {
    const before = { document: await indexesOf('search_document'), text: await indexesOf('search_text') };
    const result = await services.search.reindex(ctx);
    expect(result.documents).toBeGreaterThan(300);
    for (const table of ['search_document', 'search_text']) {
      const rows = await physicalOrder(table);
      expect(rows).toHaveLength(result.documents);
      expect(rows).toEqual(await staticRank(table));
    }
    expect(await indexesOf('search_document')).toEqual(before.document);
    expect(await indexesOf('search_text')).toEqual(before.text);
    const constraints = await t.handle.db.execute<{ name: string; table: string }>(sql`
      select conname as name, conrelid::regclass::text as "table" from pg_constraint
      where contype = 'p' and conrelid in ('search_document'::regclass, 'search_text'::regclass) order by conname`);
    expect(constraints.rows).toEqual([
      { name: 'search_document_kind_item_id_pk', table: 'search_document' },
      { name: 'search_text_kind_item_id_pk', table: 'search_text' },
    ]);
    const options = await t.handle.db.execute<{ relname: string; reloptions: string[] }>(sql`
      select relname, reloptions from pg_class where relname in ('search_document', 'search_text') order by relname`);
    expect(options.rows.map((row) => row.reloptions)).toEqual([['parallel_workers=0'], ['parallel_workers=0']]);
    const leftovers = await t.handle.db.execute(sql`select 1 from pg_class where relname like 'search%next%'`);
    expect(leftovers.rows).toEqual([]);
  });

  it('still finds the same books after a second rebuild', async () => {
    const titles = async () => (await services.search.search(ctx, query('цагаан сар'))).data.map((hit) => hit.title);
    const first = await titles();
    expect(first[0]).toBe('Цагаан сар');
    await services.search.reindex(ctx);
    expect(await titles()).toEqual(first);
  });

  it('answers searches made while the index is rebuilt', async () => {
    const rebuild = services.search.reindex(ctx);
    const during = await Promise.all(
      ['дайн ба энх', 'khatnii araas', 'zerleg zuud'].map((q) => services.search.search(ctx, query(q))),
    );
    await rebuild;
    for (const result of during) expect(result.total).toBeGreaterThan(0);
  });
});

// A title an editor changed is indexed again in place (a refresh), as the rebuild would index it;
// a refresh that meets a rebuild waits for it and is not lost with the table the rebuild replaces.
describe('search index refresh', () => {
  let t: TestDatabase;
  let services: ModuleServices;
  let ctx: Ctx;
  beforeAll(async () => {
    t = await createTestDatabase();
    const composed = createModules({ db: t.handle, publicBaseUrl: 'http://localhost:3000', mediaBaseUrl: '/media' });
    ({ services } = composed);
    ctx = composed.kernel.root;
    await services.search.reindex(ctx);
  });
  afterAll(async () => {
    await services.search.close();
    await t.dispose();
  });

  const noAudit = async () => undefined;
  const scope = (books: number[]) => ({ books, summaries: [], podcasts: [] });
  const rowsOf = async (id: number) => {
    const rows = await t.handle.db.execute(sql`
      select d.kind, d.item_id, d.has_audio, d.has_ebook, d.category_ids, d.title_key, d.popularity, d.published_at,
             d.names_key, d.meta_key, d.head::text as head, x.body::text as body
      from search_document d join search_text x using (kind, item_id)
      where d.kind = 'book' and d.item_id = ${id}`);
    return rows.rows;
  };
  const aPublishedBook = async (offset: number) => {
    const rows = await t.handle.db.execute<{ id: number }>(
      sql`select id from catalog_book where status = 'published' order by id offset ${offset} limit 1`,
    );
    return rows.rows[0]!.id;
  };

  it('writes what a rebuild would, finds the new words at once, and drops a title no longer published', async () => {
    const id = await aPublishedBook(3);
    await services.catalog.desk.update(ctx, id, { title: 'Бөмбөлгөн хярууч' }, noAudit);
    expect((await services.search.search(ctx, query('bumbulgun khyaruuch'))).total).toBe(0);
    expect(await services.search.refresh(ctx, scope([id]))).toMatchObject({ documents: 1 });
    const found = await services.search.search(ctx, query('bumbulgun khyaruuch'));
    expect(found.data.map((hit) => hit.id)).toContain(id);
    // a typo of the new word: it joined the dictionary
    expect((await services.search.search(ctx, query('khyaruuchh'))).data.map((hit) => hit.id)).toContain(id);
    const refreshed = await rowsOf(id);
    expect(refreshed).toHaveLength(1);
    await services.search.reindex(ctx);
    expect(await rowsOf(id)).toEqual(refreshed);

    await services.catalog.desk.setStatus(ctx, id, { status: 'withdrawn', publish_at: null }, noAudit);
    await services.search.refresh(ctx, scope([id]));
    expect(await rowsOf(id)).toEqual([]);
    expect((await services.search.search(ctx, query('bumbulgun khyaruuch'))).data.map((hit) => hit.id)).not.toContain(
      id,
    );
  });

  it('keeps a change whose refresh meets a rebuild', async () => {
    const id = await aPublishedBook(5);
    const rebuild = services.search.reindex(ctx);
    // On PostgreSQL, the change commits once the rebuild has begun to read the catalogue (it
    // holds the index's lock from before its read); PGlite runs one transaction at a time.
    if (t.handle.kind === 'postgres') {
      await expect
        .poll(async () => {
          const held = await t.handle.db.execute(sql`
            select 1 from pg_locks where locktype = 'advisory' and granted and objid = ${0x4e4d_0002}`);
          return held.rows.length;
        })
        .toBe(1);
    }
    await services.catalog.desk.update(ctx, id, { title: 'Хөх чонын зам' }, noAudit);
    await Promise.all([rebuild, services.search.refresh(ctx, scope([id]))]);
    expect((await services.search.search(ctx, query('khukh chonyn zam'))).data.map((hit) => hit.id)).toContain(id);
  });
});

describe('onTable', () => {
  it('names the twin table and the index copy', () => {
    expect(
      onTable(
        'CREATE INDEX search_document_terms_idx ON public.search_document USING gin (search_terms(title_key, names_key, meta_key))',
        'search_document_terms_idx',
        'search_document',
        'search_document_next',
      ),
    ).toBe(
      'CREATE INDEX search_document_terms_idx_next ON public.search_document_next USING gin (search_terms(title_key, names_key, meta_key))',
    );
    expect(
      onTable(
        'CREATE UNIQUE INDEX search_text_kind_item_id_pk ON search_text USING btree (kind, item_id)',
        'search_text_kind_item_id_pk',
        'search_text',
        'search_text_next',
      ),
    ).toBe('CREATE UNIQUE INDEX search_text_kind_item_id_pk_next ON search_text_next USING btree (kind, item_id)');
  });

  it('refuses a definition it does not understand', () => {
    expect(() =>
      onTable('CREATE INDEX "Odd name" ON public.search_text USING gin (body)', 'Odd name', 'search_text', 'x'),
    ).toThrow();
    expect(() => onTable('CREATE INDEX a ON public.other USING gin (body)', 'a', 'search_text', 'x')).toThrow();
  });
});

function query(q: string) {
  return { q, type: 'all' as const, page: 1, 'page[size]': 20, sort: 'relevance' as const };
}
