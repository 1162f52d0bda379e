import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from './client';
import { createTestDatabase, type TestDatabase } from './testing';

describe('database client', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(async () => {
    await test.dispose();
  });

  it('applies the migrations and answers queries', async () => {
    expect(await test.handle.ping()).toBe(true);
    const rows = await test.handle.db.execute<{ name: string }>(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' order by 1`,
    );
    const names = rows.rows.map((row) => row.name);
    expect(names).toEqual(
      expect.arrayContaining(['catalog_book', 'commerce_offer', 'billing_plan', 'podcast_episode', 'system_job']),
    );
  });

  it('has pg_trgm available for search', async () => {
    await test.handle.db.execute(sql`create extension if not exists pg_trgm`);
    const result = await test.handle.db.execute<{ s: number }>(sql`select similarity('цагаан сар', 'цаган сар') as s`);
    expect(Number(result.rows[0]?.s)).toBeGreaterThan(0.3);
  });

  it('migrating twice is harmless', async () => {
    await expect(test.handle.migrate()).resolves.toBeUndefined();
  });
});

describe.runIf(process.env.DATABASE_URL)('slow query log on PostgreSQL', () => {
  it('reports queries slower than the threshold, with their SQL', async () => {
    const reports: { sql: string; ms: number }[] = [];
    const handle = await openDatabase({
      url: process.env.DATABASE_URL,
      poolSize: 1,
      slowQueryMs: 250,
      onSlowQuery: (info) => reports.push(info),
    });
    try {
      await handle.db.execute(sql`select 1`);
      await handle.db.execute(sql`select pg_sleep(0.4)`);
      expect(await handle.ping()).toBe(true);
    } finally {
      await handle.close();
    }
    expect(reports.map((r) => r.sql)).toEqual(['select pg_sleep(0.4)']);
    expect(reports[0]!.ms).toBeGreaterThanOrEqual(250);
  });
});

describe('sessions', () => {
  it('run without JIT compilation or synchronized scans', async () => {
    const handle = await openDatabase(process.env.DATABASE_URL ? { url: process.env.DATABASE_URL, poolSize: 1 } : {});
    try {
      const rows = await handle.db.execute<{ jit: string; synchronized: string }>(
        sql`select current_setting('jit') as jit, current_setting('synchronize_seqscans') as synchronized`,
      );
      expect(rows.rows[0]).toEqual({ jit: 'off', synchronized: 'off' });
    } finally {
      await handle.close();
    }
  });
});

describe('executePrepared', () => {
  it('runs each shape of a statement under its own name, with one plan on PostgreSQL', async () => {
    const handle = await openDatabase(process.env.DATABASE_URL ? { url: process.env.DATABASE_URL, poolSize: 1 } : {});
    try {
      for (let i = 0; i < 3; i++) {
        const one = await handle.executePrepared<{ n: number }>('test', sql`select ${i}::int + 1 as n`);
        const other = await handle.executePrepared<{ n: number; t: string }>(
          'test',
          sql`select ${i}::int * 10 as n, ${'x'}::text as t`,
        );
        expect(one.rows).toEqual([{ n: i + 1 }]);
        expect(other.rows).toEqual([{ n: i * 10, t: 'x' }]);
      }
      const mode = await handle.executePrepared<{ mode: string }>(
        'test',
        sql`select current_setting('plan_cache_mode') as mode`,
      );
      expect(mode.rows[0]?.mode).toBe(handle.kind === 'postgres' ? 'force_generic_plan' : 'auto');
    } finally {
      await handle.close();
    }
  });
});
