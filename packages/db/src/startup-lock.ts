import pg from 'pg';
import type { DatabaseHandle } from './client';

/** an arbitrary constant naming Nomsan's start-up work among advisory locks */
const STARTUP_LOCK_KEY = 2018_1213;

/**
 * Runs migrations and seeding under a PostgreSQL advisory lock, so several processes starting
 * at once take turns. PGlite is single-process (the data directory is locked), so no lock.
 */
export async function withStartupLock<T>(
  handle: DatabaseHandle,
  url: string | undefined,
  work: () => Promise<T>,
): Promise<T> {
  if (handle.kind === 'pglite' || !url) return work();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    return await work();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
}
