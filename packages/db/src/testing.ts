import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { openDatabase, type DatabaseHandle, type Db } from './client';

export interface TestDatabase {
  handle: DatabaseHandle;
  dispose(): Promise<void>;
}

/**
 * A template is a migrated (and usually seeded) database made once per test run, that each
 * test file copies: a PGlite data-directory dump, or a PostgreSQL database used as TEMPLATE.
 */
export interface TemplateSpec {
  /** names the template; change it when what `prepare` writes changes */
  name: string;
  prepare(db: Db, handle: DatabaseHandle): Promise<void>;
}

const TEMPLATE_ENV = 'NOMSAN_TEST_TEMPLATE';

function adminUrl(): string | undefined {
  return process.env.DATABASE_URL || undefined;
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Builds the template once per run (Vitest globalSetup); returns a cleanup function. */
export async function buildTemplate(spec: TemplateSpec, dumpPath: string): Promise<() => Promise<void>> {
  const url = adminUrl();
  if (!url) {
    const handle = await openDatabase();
    await handle.migrate();
    await spec.prepare(handle.db, handle);
    const client = handle.client;
    if (!client) throw new Error('PGlite handle exposes no client');
    const dump = await client.dumpDataDir('gzip');
    mkdirSync(dirname(dumpPath), { recursive: true });
    writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
    await handle.close();
    process.env[TEMPLATE_ENV] = dumpPath;
    return async () => undefined;
  }
  const name = `nomsan_tpl_${spec.name}_${randomBytes(4).toString('hex')}`;
  await adminQuery(url, `create database ${name}`);
  const handle = await openDatabase({ url: withDatabase(url, name), poolSize: 2 });
  await handle.migrate();
  await spec.prepare(handle.db, handle);
  await handle.close();
  process.env[TEMPLATE_ENV] = name;
  return () => adminQuery(url, `drop database if exists ${name} with (force)`);
}

/**
 * An isolated database for one test file: a copy of the run's template when there is one
 * (set up by globalSetup), otherwise freshly migrated. In-memory PGlite by default; a new
 * database on the server named by DATABASE_URL otherwise (dropped on dispose).
 */
export async function createTestDatabase(options: { template?: boolean } = {}): Promise<TestDatabase> {
  const useTemplate = options.template !== false && Boolean(process.env[TEMPLATE_ENV]);
  const template = process.env[TEMPLATE_ENV];
  const url = adminUrl();
  if (!url) {
    if (useTemplate && template && existsSync(template)) {
      const dump = new Blob([readFileSync(template)]);
      const client = await PGlite.create({ loadDataDir: dump, extensions: { pg_trgm } });
      const handle = await openDatabase({ pglite: client });
      return { handle, dispose: () => handle.close() };
    }
    const handle = await openDatabase();
    await handle.migrate();
    return { handle, dispose: () => handle.close() };
  }
  const name = `nomsan_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(
    url,
    useTemplate && template ? `create database ${name} template ${template}` : `create database ${name}`,
  );
  const handle = await openDatabase({ url: withDatabase(url, name), poolSize: 4 });
  if (!useTemplate) await handle.migrate();
  return {
    handle,
    dispose: async () => {
      await handle.close();
      await adminQuery(url, `drop database if exists ${name} with (force)`);
    },
  };
}
