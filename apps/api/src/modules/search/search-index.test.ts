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
