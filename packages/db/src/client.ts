import { createHash } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg, type NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { PgDialect, type PgDatabase } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index';

export type Schema = typeof schema;
/**
 * A database as a module sees it: only the tables of `S` (its own schema file) are in its
 * relational queries, and a transaction has the same type as the pool. PGlite's driver
 * answers `execute` with the same `{ rows }` shape as node-postgres, so one type serves both.
 */
export type ModuleDb<S extends Record<string, unknown>> = PgDatabase<NodePgQueryResultHKT, S>;
/** The whole database: the kernel's and the migrations' view, never a module's. */
export type Db = ModuleDb<Schema>;

export interface DatabaseHandle {
  db: Db;
  /**
   * The same database through sessions that always use a statement's generic plan
   * (PostgreSQL; PGlite's `db` itself): for hot statements `.prepare()`d once and run with
   * varying values (cards by id, a book's related list). Left to choose, PostgreSQL planned a
   * card query anew on every run, since the plan for two ids always looks cheaper than the one
   * for any number: planning took longer than running it.
   */
  genericDb: Db;
  kind: 'pglite' | 'postgres';
  /** the embedded database itself, when it is PGlite */
  client?: PGlite;
  /** applies pending migrations; safe to call on every start */
  migrate(): Promise<void>;
  /** true when the database answers a trivial query */
  ping(): Promise<boolean>;
  /**
   * A statement built once, its varying values `sql.placeholder`s, then run with values: a hot
   * statement is not built anew (drizzle's building cost more CPU than PostgreSQL's planning)
   * on each run. See `PreparedQuery.execute` for how it is planned.
   */
  prepare(label: string, query: SQL): PreparedQuery;
  close(): Promise<void>;
}

export interface PreparedQuery {
  /**
   * Runs the statement with values for its placeholders. `generic`: as a statement prepared
   * once per session and then always run with its generic plan (PostgreSQL; PGlite plans each
   * run), for statements whose best plan does not depend on their values, where planning costs
   * as much as running. Named `label` plus a hash of its text, so each shape of a query built
   * in several gets a name of its own. Otherwise it is planned for each run's values.
   */
  execute<T>(values: Record<string, unknown>, options?: { generic?: boolean }): Promise<{ rows: T[] }>;
}

export interface DatabaseOptions {
  /** postgres:// URL; when absent, embedded PGlite is used */
  url?: string;
  /** PGlite data directory; absent means in memory */
  dataDir?: string;
  /** an already created PGlite instance (tests load one from a dump) */
  pglite?: PGlite;
  /** pool size for PostgreSQL */
  poolSize?: number;
  /** queries slower than this are reported */
  slowQueryMs?: number;
  onSlowQuery?: (info: { sql: string; ms: number }) => void;
}

/**
 * Migrations live beside the package sources (packages/db/migrations) and are copied next to
 * the server bundle (dist/migrations) by the build; whichever exists is used.
 */
export function migrationsFolder(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, '..', 'migrations'), join(here, 'migrations')];
  const found = candidates.find((dir) => existsSync(join(dir, 'meta', '_journal.json')));
  if (!found) throw new Error(`migrations not found (looked in ${candidates.join(', ')})`);
  return found;
}

export async function openDatabase(options: DatabaseOptions = {}): Promise<DatabaseHandle> {
  return options.url ? openPostgres(options.url, options) : openPglite(options);
}

async function openPglite(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = options.pglite ?? (await PGlite.create(options.dataDir, { extensions: { pg_trgm } }));
  await client.exec(SESSION_SETTINGS);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    genericDb: db,
    kind: 'pglite',
    client,
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: migrationsFolder() }),
    ping: async () => {
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    prepare: (_label: string, query: SQL): PreparedQuery => {
      const { text, params } = compile(query);
      return {
        execute: async <T>(values: Record<string, unknown>) => ({
          rows: (await client.query<T>(text, fillPlaceholders(params, values))).rows,
        }),
      };
    },
    close: () => client.close(),
  };
}

/**
 * What every session of the store sets first:
 * - JIT off. JIT compiles any statement whose estimate passes 100 000, and a broad search's
 *   does: the compiling alone took 30 ms of a 200 ms query, with nothing for it to win back.
 *   Every statement of the store is short.
 * - No synchronized sequential scans. A scan of a large table otherwise starts where the last
 *   one stopped, and search's capped scans must read the table from its first page, in the
 *   order the rebuild wrote it (most popular first).
 */
const SESSION_SETTINGS = 'set jit = off; set synchronize_seqscans = off';
/** ...and, in the pool of prepared statements run `generic`, a named statement's one plan for every run */
const GENERIC_PLAN_SETTINGS = `${SESSION_SETTINGS}; set plan_cache_mode = force_generic_plan`;

/**
 * A connection class that makes `settings` before the pool hands a connection out. A SET
 * rather than the `options` start-up parameter, which poolers such as PgBouncer refuse; done in
 * `connect` (not the pool's 'connect' event, which does not wait) so the session's first query
 * never queues behind it, which pg 8 warns about and pg 9 refuses.
 */
function clientWith(settings: string) {
  return class StoreClient extends pg.Client {
    override connect(): Promise<pg.Client>;
    override connect(callback: (err: Error | null) => void): void;
    override connect(callback?: (err: Error | null) => void): Promise<pg.Client> | void {
      const ready = super.connect().then(async () => {
        try {
          await this.query(settings);
        } catch (error) {
          // the pool drops a client whose connect failed: its socket must not stay open
          await this.end().catch(() => undefined);
          throw error;
        }
        return this;
      });
      if (!callback) return ready;
      ready.then(() => callback(null), callback);
    }
  };
}

const dialect = new PgDialect();
/** a drizzle query's text and parameters (placeholders among them), as node-postgres sends it */
function compile(query: SQL): { text: string; params: unknown[] } {
  const { sql, params } = dialect.sqlToQuery(query);
  return { text: sql, params };
}

/**
 * `DatabaseHandle.prepare` on one database: a transaction's, whose statements must run on its
 * own connection (on PGlite, a statement sent beside an open transaction waits for it). Built
 * once, run with values for its placeholders; planned for each run (`generic` is the pool's).
 */
export function prepareOn<S extends Record<string, unknown>>(
  db: ModuleDb<S>,
): (label: string, query: SQL) => PreparedQuery {
  return (_label, query) => {
    const { text, params } = compile(query);
    return {
      execute: async <T>(values: Record<string, unknown>) => {
        const statement = db._.session.prepareQuery({ sql: text, params }, undefined, undefined, false);
        const result = (await statement.execute(values)) as { rows: T[] };
        return { rows: result.rows };
      },
    };
  };
}

async function openPostgres(url: string, options: DatabaseOptions): Promise<DatabaseHandle> {
  // Two pools of the same size: the generic-plan sessions serve only prepared statements
  // (`genericDb`, `prepare` run `generic`), whose setting would otherwise give every unnamed
  // statement one plan for all parameters.
  const pools = [SESSION_SETTINGS, GENERIC_PLAN_SETTINGS].map(
    (settings) => new pg.Pool({ connectionString: url, max: options.poolSize ?? 10, Client: clientWith(settings) }),
  );
  const [pool, generic] = pools as [pg.Pool, pg.Pool];
  for (const each of pools) {
    // An idle client losing its connection must not crash the process; the pool replaces it.
    each.on('error', () => undefined);
    const slowMs = options.slowQueryMs;
    const onSlow = options.onSlowQuery;
    if (slowMs !== undefined && onSlow) instrumentSlowQueries(each, slowMs, onSlow);
  }
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    genericDb: drizzlePg(generic, { schema }) as unknown as Db,
    kind: 'postgres',
    migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder: migrationsFolder() }),
    ping: async () => {
      try {
        await pool.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    prepare: (label: string, query: SQL): PreparedQuery => {
      const { text, params } = compile(query);
      const name = `${label}_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
      return {
        execute: async <T>(values: Record<string, unknown>, options: { generic?: boolean } = {}) => {
          const filled = fillPlaceholders(params, values);
          const result = options.generic
            ? await generic.query({ name, text, values: filled })
            : await pool.query(text, filled);
          return { rows: result.rows as T[] };
        },
      };
    },
    close: async () => {
      await Promise.all(pools.map((each) => each.end()));
    },
  };
}

function instrumentSlowQueries(
  pool: pg.Pool,
  thresholdMs: number,
  report: (info: { sql: string; ms: number }) => void,
): void {
  pool.on('connect', (client) => {
    const original = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const started = performance.now();
      const done = () => {
        const ms = performance.now() - started;
        if (ms >= thresholdMs) report({ sql: sqlText(args[0]), ms });
      };
      // pool.query calls client.query with a callback; drizzle's own calls use the promise.
      const last = args.length - 1;
      const callback = args[last];
      if (typeof callback === 'function') {
        args[last] = (...results: unknown[]) => {
          done();
          return (callback as (...a: unknown[]) => unknown)(...results);
        };
      }
      const result = original(...args);
      if (result instanceof Promise) void result.then(done, () => undefined);
      return result;
    };
  });
}

function sqlText(query: unknown): string {
  const text = typeof query === 'string' ? query : (query as { text?: string } | null)?.text;
  return (text ?? '').slice(0, 500);
}
