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

describe('prepare', () => {
  it('runs a statement built once with the values of each run, under a name of its own, with one plan on PostgreSQL', async () => {
    const handle = await openDatabase(process.env.DATABASE_URL ? { url: process.env.DATABASE_URL, poolSize: 1 } : {});
    try {
      const one = handle.prepare('test', sql`select ${sql.placeholder('i')}::int + 1 as n`);
      const other = handle.prepare('test', sql`select ${sql.placeholder('i')}::int * 10 as n, ${'x'}::text as t`);
      const mode = handle.prepare('test', sql`select current_setting('plan_cache_mode') as mode`);
      for (let i = 0; i < 3; i++) {
        expect((await one.execute<{ n: number }>({ i }, { generic: true })).rows).toEqual([{ n: i + 1 }]);
        expect((await other.execute<{ n: number; t: string }>({ i }, { generic: true })).rows).toEqual([
          { n: i * 10, t: 'x' },
        ]);
        expect((await one.execute<{ n: number }>({ i: i + 5 })).rows).toEqual([{ n: i + 6 }]);
      }
      const generic = await mode.execute<{ mode: string }>({}, { generic: true });
      expect(generic.rows[0]?.mode).toBe(handle.kind === 'postgres' ? 'force_generic_plan' : 'auto');
      // planned for its values: not in the generic-plan sessions
      expect((await mode.execute<{ mode: string }>({})).rows[0]?.mode).toBe('auto');
      await expect(one.execute({})).rejects.toThrow(/placeholder/i);
      // drizzle's own prepared statements, through the generic-plan sessions
      const hot = handle.genericDb
        .execute<{ mode: string }>(sql`select current_setting('plan_cache_mode') as mode`)
        .then((result) => result.rows[0]?.mode);
      expect(await hot).toBe(handle.kind === 'postgres' ? 'force_generic_plan' : 'auto');
    } finally {
      await handle.close();
    }
  });
});
