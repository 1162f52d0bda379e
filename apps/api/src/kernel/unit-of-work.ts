import type { Db, ModuleDb } from '@nomsan/db/client';

/**
 * The caller's context, passed first to every service method and every repository: the
 * database to run on (the pool, or the caller's transaction) and what to do once the work is
 * committed. A service that writes in several modules, or enqueues a job beside its write,
 * opens one `transaction(ctx, ...)` and hands its ctx on, so everything commits once or not at
 * all (Medusa's shared context, made explicit).
 */
export interface Ctx {
  /** the pool, or the transaction this work belongs to */
  readonly db: Db;
  readonly inTransaction: boolean;
  /**
   * Runs `task` once the outermost transaction has committed (at once outside a transaction);
   * dropped when it rolls back. For effects outside the database that must follow a commit and
   * never precede it: cache invalidations, waking the worker.
   */
  afterCommit(task: () => unknown): void;
  /** where failures that reach no caller go (an after-commit task's) */
  readonly onError: ErrorReporter;
}

export type ErrorReporter = (error: unknown, what: string) => void;

/** The context of work that is not part of any caller's transaction (requests, jobs, scripts). */
export function rootContext(db: Db, onError: ErrorReporter): Ctx {
  return {
    db,
    inTransaction: false,
    onError,
    afterCommit: (task) => runTask(task, onError),
  };
}

/**
 * Runs `work` in one transaction. Inside a transaction already, `work` joins it: a step never
 * commits on its own what its caller may still roll back. The tasks given to `afterCommit`
 * run after the commit, in order; an error in one is reported, not thrown (the work did
 * commit).
 */
export async function transaction<T>(ctx: Ctx, work: (ctx: Ctx) => Promise<T>): Promise<T> {
  if (ctx.inTransaction) return work(ctx);
  const tasks: (() => unknown)[] = [];
  const result = await ctx.db.transaction(async (tx) =>
    work({ db: tx, inTransaction: true, onError: ctx.onError, afterCommit: (task) => void tasks.push(task) }),
  );
  for (const task of tasks) runTask(task, ctx.onError);
  return result;
}

function runTask(task: () => unknown, onError: ErrorReporter): void {
  try {
    const result = task();
    if (result instanceof Promise) result.catch((error: unknown) => onError(error, 'after commit'));
  } catch (error) {
    onError(error, 'after commit');
  }
}

/**
 * A module's view of the context's database: only its own tables in relational queries. The
 * runtime object is the same; the type is what keeps a module's SQL inside its schema file
 * (lint keeps it from importing another module's tables).
 */
export function dbOf<S extends Record<string, unknown>>(ctx: Ctx): ModuleDb<S> {
  return ctx.db as unknown as ModuleDb<S>;
}

/**
 * A repository bound to the caller's context: made once for the pool (repositories are plain
 * closures over their database) and anew for each transaction.
 */
export function boundRepository<S extends Record<string, unknown>, R>(make: (db: ModuleDb<S>) => R): (ctx: Ctx) => R {
  const pooled = new WeakMap<object, R>();
  return (ctx) => {
    if (ctx.inTransaction) return make(dbOf<S>(ctx));
    let repository = pooled.get(ctx.db);
    if (!repository) {
      repository = make(dbOf<S>(ctx));
      pooled.set(ctx.db, repository);
    }
    return repository;
  };
}

/**
 * `boundRepository` for a repository made with more than its database (the catalogue's hot
 * reads on the generic-plan sessions, search's prepared statements): `pool.repository`, made
 * once by the module, serves work on `pool.db` outside any transaction (every request's, so the
 * hot reads stay as they are); a transaction, or another database, gets one of `make` on its own.
 */
export function boundRepositoryWith<S extends Record<string, unknown>, R>(
  pool: { readonly db: Db; readonly repository: R },
  make: (db: ModuleDb<S>) => R,
): (ctx: Ctx) => R {
  const others = boundRepository(make);
  return (ctx) => (!ctx.inTransaction && ctx.db === pool.db ? pool.repository : others(ctx));
}
