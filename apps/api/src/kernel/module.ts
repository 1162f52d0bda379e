import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { DatabaseHandle } from '@nomsan/db/client';
import type { ApiContext } from '../context';
import type { Clock } from '../lib/clock';
import type { InvalidationBus } from '../lib/invalidation';
import type { CacheRegistry } from '../lib/tagged-cache';
import type { JobHandler, JobsService, ScheduleDefinition } from '../modules/jobs/jobs.service';
import type { Ctx, ErrorReporter } from './unit-of-work';

/**
 * The services of the modules, by module name. Each module adds its own entry from its own
 * folder (`declare module '../../kernel/module' { interface ModuleServices { ... } }`), so no
 * central file lists them.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface ModuleServices {}

export type ModuleName = keyof ModuleServices;

/** Settings a module reads from the process that hosts it, by module name. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface ModuleSettings {}

/** The process's logger as modules use it (pino's signature). */
export interface KernelLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** What every module is made with: the process's database, clock, queue, log and settings. */
export interface Kernel extends ApiContext {
  readonly db: DatabaseHandle;
  /** the context of work outside any caller's transaction */
  readonly root: Ctx;
  readonly clock: Clock;
  readonly jobs: JobsService;
  /** where a module keeps its caches (ADR 019): tagged, dropped by invalidations of any process */
  readonly caches: CacheRegistry;
  readonly invalidations: InvalidationBus;
  /**
   * Tells every process (this one at once, the others through Redis) that what `tags` name has
   * changed, once `ctx`'s work has committed: a write through a service calls this with what
   * it changed.
   */
  invalidate(ctx: Ctx, tags: readonly string[]): void;
  readonly settings: Partial<ModuleSettings>;
  readonly log: KernelLog;
  /** reports a failure that reaches no caller (logged as an error) */
  readonly onError: ErrorReporter;
}

/** What a module's routes are registered with. */
export interface RouteContext extends ApiContext {
  kernel: Kernel;
  services: ModuleServices;
}

/**
 * One module: its dependencies (other modules, reached only through their services), its
 * service, its routes, its jobs and its schedules. `apps/api/src/modules/index.ts` lists them;
 * the API role, the worker role and the tests are composed from that list.
 */
export interface ModuleDefinition<N extends ModuleName = ModuleName, D extends ModuleName = never> {
  readonly name: N;
  readonly dependsOn: readonly D[];
  create(kernel: Kernel, deps: Pick<ModuleServices, D>): ModuleServices[N];
  /**
   * Hooks and decorations for every route of the API (identity's session and CSRF checks),
   * registered before any module's routes.
   */
  readonly plugins?: (app: FastifyInstance, context: RouteContext) => Promise<void>;
  readonly routes?: FastifyPluginAsync<RouteContext>;
  /** the handlers of this module's jobs */
  jobs?(service: ModuleServices[N], kernel: Kernel, services: ModuleServices): JobHandler<unknown>[];
  readonly schedules?: readonly ScheduleDefinition[];
  /** work for a process with a database once it starts (e.g. enqueue derived data it lacks) */
  start?(service: ModuleServices[N], kernel: Kernel): Promise<void>;
  /** lets go of what the service holds (timers, buffered writes) when the process stops */
  close?(service: ModuleServices[N]): Promise<void>;
}

export function defineModule<N extends ModuleName, D extends ModuleName = never>(
  definition: ModuleDefinition<N, D>,
): ModuleDefinition<N, D> {
  return definition;
}

/** A module of any name and dependencies. */
export type AnyModule = ModuleDefinition<ModuleName, ModuleName>;

/**
 * Makes every module's service in dependency order. Throws on a dependency that is not in the
 * list, a name listed twice, or a cycle: a wiring mistake must stop the start.
 */
export function resolveModules(modules: readonly AnyModule[], kernel: Kernel): ModuleServices {
  const byName = new Map<string, AnyModule>();
  for (const module of modules) {
    if (byName.has(module.name)) throw new Error(`module ${module.name} is listed twice`);
    byName.set(module.name, module);
  }
  const services: Record<string, unknown> = {};
  const making = new Set<string>();
  const make = (name: string, from: string): unknown => {
    if (name in services) return services[name];
    const module = byName.get(name);
    if (!module) throw new Error(`module ${from} depends on ${name}, which is not in the list`);
    if (making.has(name)) throw new Error(`modules depend on each other in a cycle through ${name}`);
    making.add(name);
    const deps = Object.fromEntries(module.dependsOn.map((dep: string) => [dep, make(dep, name)]));
    services[name] = module.create(kernel, deps as never);
    making.delete(name);
    return services[name];
  };
  for (const module of modules) make(module.name, module.name);
  return services as unknown as ModuleServices;
}

/** The modules in an order where each comes after what it depends on. */
export function inDependencyOrder(modules: readonly AnyModule[]): AnyModule[] {
  const ordered: AnyModule[] = [];
  const seen = new Set<string>();
  const byName = new Map(modules.map((m) => [m.name as string, m]));
  const visit = (module: AnyModule) => {
    if (seen.has(module.name)) return;
    seen.add(module.name);
    for (const dep of module.dependsOn as string[]) {
      const found = byName.get(dep);
      if (found) visit(found);
    }
    ordered.push(module);
  };
  modules.forEach(visit);
  return ordered;
}

/** Every job handler and schedule of the modules: what a worker runs. */
export function jobsOf(modules: readonly AnyModule[], kernel: Kernel, services: ModuleServices) {
  const handlers = modules.flatMap((m) => m.jobs?.(services[m.name as ModuleName], kernel, services) ?? []);
  const names = new Set<string>();
  for (const handler of handlers) {
    if (names.has(handler.job.name)) throw new Error(`two handlers for job ${handler.job.name}`);
    names.add(handler.job.name);
  }
  return { handlers, schedules: modules.flatMap((m) => m.schedules ?? []) };
}

/** The modules' services, made from the list, with what starts and stops them. */
export interface ComposedModules {
  readonly kernel: Kernel;
  readonly modules: readonly AnyModule[];
  readonly services: ModuleServices;
  /** runs each module's `start` (a process with a database, after migrations) */
  start(): Promise<void>;
  close(): Promise<void>;
}

export function composeModules(modules: readonly AnyModule[], kernel: Kernel): ComposedModules {
  const ordered = inDependencyOrder(modules);
  const services = resolveModules(ordered, kernel);
  const serviceOf = (m: AnyModule) => services[m.name as ModuleName];
  return {
    kernel,
    modules: ordered,
    services,
    async start() {
      for (const m of ordered) await m.start?.(serviceOf(m), kernel);
    },
    async close() {
      for (const m of [...ordered].reverse()) await m.close?.(serviceOf(m));
      kernel.caches.close();
    },
  };
}
