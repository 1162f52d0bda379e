import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { createApp, createInvalidationBus, internalCallToken, offsetClock } from '@nomsan/api';
import { openDatabase, type DatabaseHandle } from '@nomsan/db/client';
import { withStartupLock } from '@nomsan/db/startup-lock';
import { takeInDemoMedia } from '@nomsan/demo/deliveries';
import { seedDemoIfEmpty } from '@nomsan/demo/seed';
import { ConfigError, loadConfig, publicConfig, type Config } from './config';
import { DataDirLockedError, lockDataDir } from '@nomsan/db/data-dir-lock';
import { createLogger } from './logger';
import type { Logger } from 'pino';
import { trackInFlight, type Drain } from './drain';
import { installCrashPolicy } from './crash-policy';
import { listenOrigins } from './listen-origins';
import { registerWeb, webBuildDir } from './web';
import { startWorker, type Worker } from './worker';

/** Starts the server in the role asked for; resolves once it listens. */
export async function start(config: Config) {
  const log = createLogger(config.logLevel);
  const serveApi = config.role === 'all' || config.role === 'api';
  const serveWeb = config.role === 'all' || config.role === 'web';
  const runWorker = config.role === 'all' || config.role === 'worker';
  // A web-only process is stateless: it renders from the API at API_URL and opens no database.
  const needsDatabase = serveApi || runWorker;
  const releaseLock = needsDatabase && !config.databaseUrl ? lockDataDir(config.dataDir) : () => undefined;
  let db: DatabaseHandle | undefined;
  let app: FastifyInstance | undefined;
  let worker: Worker | undefined;
  let inFlight: Drain | undefined;
  const trustedOrigins = new Set<string>();
  // One per process: the services' caches and the page cache hear every process's changes.
  const invalidations = createInvalidationBus({
    redisUrl: config.redisUrl,
    onError: (error, what) => log.error({ err: error }, what),
  });
  try {
    if (needsDatabase) db = await prepareDatabase(config, log);
    app = await createApp({
      db,
      publicBaseUrl: config.publicBaseUrl,
      mediaBaseUrl: config.mediaBaseUrl,
      logger: log,
      serveApi,
      trustProxy: config.trustProxy,
      bodyLimitBytes: config.bodyLimitBytes,
      timeouts: config.httpTimeouts,
      rateLimit: { perMinute: config.rateLimitPerMinute, redisUrl: config.redisUrl },
      csp: {
        mediaOrigins: originsOf([config.mediaBaseUrl]),
        connectOrigins: originsOf([config.apiUrl]),
        upgradeInsecure: config.publicBaseUrl.startsWith('https:'),
      },
      cookieSecret: config.cookieSecret,
      accounts: config.accounts,
      payments: config.payments,
      media: config.media,
      uploadDir: config.uploadDir,
      // the sandbox's test clock (POST /sandbox/clock); production keeps the system's clock
      ...(config.sandbox && serveApi ? { sandboxClock: offsetClock() } : {}),
      // the sandbox's stand-ins, loaded only when it is on
      ...(config.sandbox ? { sandboxKit: () => import('@nomsan/sandbox/kit') } : {}),
      trustedOrigins,
      invalidations,
      ...(db ? {} : { ready: () => apiAnswers(config.apiUrl) }),
    });
    if (config.mediaBaseUrl === '/media' && db) {
      await app.register(fastifyStatic, {
        root: config.media.dir,
        prefix: '/media/',
        decorateReply: false,
        maxAge: '7d',
      });
    }
    if (serveWeb) {
      const buildDir = webBuildDir();
      if (!buildDir) throw new ConfigError('the web app is not built: run `npm run build` first');
      await registerWeb(app, {
        buildDir,
        config: publicConfig(config),
        apiUrl: serveApi ? undefined : config.apiUrl,
        mode: config.env === 'development' ? 'development' : 'production',
        renderConcurrency: config.renderConcurrency,
        pageCacheTtlMs: config.pageCacheTtlMs,
        internalToken: internalCallToken(config.cookieSecret),
        invalidations,
      });
    }
    // The modules of this process (the API's and the worker's), when it has a database.
    const composed = app.modules;
    // the demo's files, through the intake a publisher's take, before anything packages them
    if (composed && config.seedDemo) {
      const started = performance.now();
      const taken = await takeInDemoMedia(composed.services.media.intake, config.media);
      if (taken > 0) log.info({ files: taken, ms: Math.round(performance.now() - started) }, 'demo media taken in');
    }
    // Derived data a new (or just seeded) catalogue lacks is enqueued for the worker.
    if (composed) await composed.start();
    if (runWorker && composed) worker = startWorker(composed, log);

    inFlight = trackInFlight(app);
    await app.listen({ port: config.port, host: config.host });
    // A browser may open an embedded store at any address it listens on (127.0.0.1, the LAN
    // address), not only at PUBLIC_BASE_URL; a production deployment names its one origin.
    if (config.env !== 'production') {
      for (const origin of listenOrigins(app.addresses(), networkInterfaces())) trustedOrigins.add(origin);
    } else if (new URL(config.publicBaseUrl).hostname === 'localhost') {
      log.warn('PUBLIC_BASE_URL is not set: sign-in works only for pages opened at http://localhost');
    }
    log.info({ role: config.role, database: db?.kind ?? 'none', url: config.publicBaseUrl }, 'Nomsan is ready');
  } catch (error) {
    await app?.close().catch(() => undefined);
    await worker?.stop().catch(() => undefined);
    await invalidations.close().catch(() => undefined);
    await db?.close().catch(() => undefined);
    releaseLock();
    throw error;
  }

  const running = { app, worker, db, inFlight: inFlight as Drain };
  let stopping: Promise<void> | undefined;
  /** Stops taking requests, lets in-flight ones finish, then closes everything. */
  const stop = () =>
    (stopping ??= (async () => {
      const deadline = setTimeout(() => {
        log.error('shutdown took too long; exiting');
        process.exit(1);
      }, config.shutdownTimeoutMs);
      deadline.unref();
      await running.inFlight.drain();
      // The worker first: its job may still use the modules the app closes.
      await running.worker?.stop();
      await running.app.close();
      await invalidations.close();
      await running.db?.close();
      releaseLock();
      clearTimeout(deadline);
    })());
  return { app: running.app, stop, log };
}

/** Opens the database, applies migrations and seeds the demo catalogue into an empty one. */
async function prepareDatabase(config: Config, log: Logger): Promise<DatabaseHandle> {
  const handle = await openDatabase({
    url: config.databaseUrl,
    dataDir: join(config.dataDir, 'pglite'),
    poolSize: config.databasePoolSize,
    slowQueryMs: config.slowQueryMs,
    onSlowQuery: ({ sql, ms }) => log.warn({ ms: Math.round(ms), sql }, 'slow query'),
  });
  try {
    await withStartupLock(handle, config.databaseUrl, async () => {
      await handle.migrate();
      if (!config.seedDemo) return;
      const seeded = await seedDemoIfEmpty(handle.db, {
        titles: config.demoTitles,
        mediaDir: config.media.dir,
        log: (message) => log.info(message),
      });
      if (seeded) log.info({ titles: config.demoTitles }, 'demo catalogue seeded');
    });
    return handle;
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw error;
  }
}

async function apiAnswers(apiUrl: string | undefined): Promise<boolean> {
  if (!apiUrl) return false;
  try {
    const response = await fetch(`${apiUrl}/readyz`, { signal: AbortSignal.timeout(2000) });
    return response.ok;
  } catch {
    return false;
  }
}

function originsOf(urls: (string | undefined)[]): string[] {
  return urls.flatMap((url) => {
    if (!url || !/^https?:/.test(url)) return [];
    return [new URL(url).origin];
  });
}

/** Reads the configuration, or prints one readable line and exits with code 1. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(`invalid configuration: ${error.message}`);
    throw error;
  }
}

/**
 * Starts the server and stops it gracefully on SIGTERM or SIGINT (repeated signals, as a
 * terminal and a supervisor may both send one, change nothing), or when the supervisor that
 * started it goes away. A failure outside any request stops it with exit code 1
 * (crash-policy.ts).
 */
export async function run(config: Config): Promise<void> {
  let server: Awaited<ReturnType<typeof start>>;
  try {
    server = await start(config);
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) fail(error.message);
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
      fail(`port ${config.port} is already in use; set PORT to another port`);
    throw error;
  }
  const stopAndExit = (reason: object) => {
    server.log.info(reason, 'shutting down');
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        server.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => stopAndExit({ signal }));
  installCrashPolicy(process, server.stop, server.log);
  // Started by `npm start`'s supervisor (scripts/start.mjs): tell it we listen, and stop with it.
  if (process.send) {
    process.send({ type: 'ready' });
    process.on('disconnect', () => stopAndExit({ reason: 'supervisor gone' }));
  }
}

function fail(message: string): never {
  process.stderr.write(`nomsan: ${message}\n`);
  process.exit(1);
}
