import { randomUUID } from 'node:crypto';
import type { ServerOptions } from 'node:http';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { ApiContext } from './context';
import { AppError, installErrorHandler, registerApiNotFound } from './errors';
import { contentSecurityPolicy, type CspOptions } from './plugins/csp';
import { registerDocs } from './plugins/docs';
import { installRequestGuard, requestGuardOptions, type HttpTimeouts } from './plugins/request-guard';
import { installHttpCaching } from './plugins/http-caching';
import { securityHeaders } from './plugins/security-headers';
import { internalCallToken } from './lib/internal-call';
import type { OffsetClock } from './lib/clock';
import { serializerCompiler } from './lib/serializer';
import { connectRedis, registerRateLimit, type RateLimitOptions } from './plugins/rate-limit';
import type { ComposedModules, RouteContext } from './kernel/module';
import type { Ctx } from './kernel/unit-of-work';
import type { InvalidationBus } from './lib/invalidation';
import { createModules } from './modules/index';
import { billingSettings, type PaymentsOptions } from './modules/billing/billing.settings';
import { identitySettings, type AccountsOptions } from './modules/identity/accounts';
import { mediaSettings, type MediaOptions } from './modules/media/media.settings';
import { sandboxKitOf, type SandboxKit, type SandboxKitLoader } from './sandbox-kit';
import { systemRoutes } from './modules/system/system.routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** the modules this process serves (role api/all), which its worker shares */
    modules: ComposedModules | undefined;
  }
  interface FastifyRequest {
    /**
     * The context the request's service calls run in (handlers pass it first:
     * `catalog.book(request.ctx, key)`): the kernel's root, outside any transaction. Only
     * where the API is served.
     */
    readonly ctx: Ctx;
  }
}

export interface AppOptions extends Omit<ApiContext, 'db'> {
  /** absent in a web-only process, which renders from a separate API */
  db: ApiContext['db'] | undefined;
  logger: FastifyServerOptions['loggerInstance'] | boolean;
  /** mount the JSON API (role api/all); the health endpoints are always there */
  serveApi: boolean;
  trustProxy: boolean;
  bodyLimitBytes: number;
  /** how long a client may take to send a request (plugins/request-guard.ts); its defaults otherwise */
  timeouts?: HttpTimeouts;
  rateLimit: RateLimitOptions;
  csp: CspOptions;
  cookieSecret: string;
  /** sign-in providers (or the sandbox) and session lifetimes; absent: no providers */
  accounts?: AccountsOptions;
  /** payment rails (or the sandbox); absent: credits only */
  payments?: PaymentsOptions;
  /** media packaging and keys; absent: a temporary directory and a secret of this process */
  media?: MediaOptions;
  /** where the back office's uploads wait to be taken in; absent: a temporary directory */
  uploadDir?: string;
  /** readiness check; defaults to the database answering */
  ready?: () => Promise<boolean>;
  /**
   * origins trusted to post with the session cookie; the public origin is always one. The
   * server adds the addresses it listens on in embedded mode (apps/server/src/main.ts).
   */
  trustedOrigins?: Set<string>;
  /** the process's invalidation bus (ADR 019), shared with its page cache; this app's own otherwise */
  invalidations?: InvalidationBus;
  /**
   * sandbox only (never in production): the process's clock is this one, which
   * `POST /sandbox/clock` moves so browser journeys can renew subscriptions
   */
  sandboxClock?: OffsetClock;
  /**
   * a loader of the sandbox's stand-ins (`() => import('@nomsan/sandbox/kit')`), given by a process that runs
   * the sandbox (accounts or payments with `sandbox: true`, a sandbox clock); the API does not
   * load them itself
   */
  sandboxKit?: SandboxKitLoader;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * The Fastify app: base plugins in a fixed order (security, errors, docs, rate limit), then the
 * domain modules. The caller may register more (the web app) before `listen`/`ready`.
 */
export async function createApp(options: AppOptions): Promise<FastifyInstance> {
  const base: FastifyServerOptions & { http: ServerOptions } = {
    ...requestGuardOptions(options.timeouts),
    trustProxy: options.trustProxy,
    bodyLimit: options.bodyLimitBytes,
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  };
  const app =
    typeof options.logger === 'boolean'
      ? Fastify({ ...base, logger: options.logger })
      : Fastify({ ...base, loggerInstance: options.logger });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);

  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  securityHeaders(
    app,
    {
      // The CSP is ours (per-request script nonce shared with the web app); the rest is helmet's.
      contentSecurityPolicy: false,
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: { policy: 'same-site' },
      // no-referrer makes browsers send `Origin: null` on same-site form posts, which the CSRF
      // check (rightly) refuses; this still sends no path to other sites
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    },
    options.publicBaseUrl,
  );
  contentSecurityPolicy(app, options.csp);
  installRequestGuard(app);
  installHttpCaching(app);
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
  await app.register(cookie, { secret: options.cookieSecret });
  const redis = options.rateLimit.redisUrl ? connectRedis(app, options.rateLimit.redisUrl) : undefined;
  await registerRateLimit(app, options.rateLimit, internalCallToken(options.cookieSecret), redis);
  await registerDocs(app);

  await app.register(systemRoutes, { ready: options.ready ?? (async () => (options.db ? options.db.ping() : true)) });
  app.decorate('modules', undefined);
  if (options.serveApi && !options.db) throw new Error('the API needs a database');
  // Any process with a database composes the modules with the same settings (a worker-only
  // process too: its jobs text, e-mail and charge cards through the same providers); only an
  // API process registers their routes.
  if (options.db) {
    const trustedOrigins = options.trustedOrigins ?? new Set<string>();
    trustedOrigins.add(new URL(options.publicBaseUrl).origin);
    const clock = options.sandboxClock ?? options.accounts?.clock;
    const identity = await identitySettings(app, {
      publicBaseUrl: options.publicBaseUrl,
      trustedOrigins,
      secret: options.cookieSecret,
      redis,
      options: { ...(options.accounts ?? { sandbox: false }), clock },
      sandboxKit: options.sandboxKit,
    });
    const billing = await billingSettings(app, {
      publicBaseUrl: options.publicBaseUrl,
      options: options.payments ?? { sandbox: false },
      sms: identity.sms,
      sandboxKit: options.sandboxKit,
    });
    const composed = createModules({
      db: options.db,
      publicBaseUrl: options.publicBaseUrl,
      mediaBaseUrl: options.mediaBaseUrl,
      clock,
      log: app.log,
      invalidations: options.invalidations,
      settings: {
        identity,
        billing,
        media: mediaSettings(options.media ?? {}, options.mediaBaseUrl),
        staff: { demoOwner: options.accounts?.sandbox === true, secret: options.cookieSecret },
        podcasts: { allowPrivateFeeds: options.accounts?.sandbox === true },
        ...(options.uploadDir ? { uploads: { directory: options.uploadDir } } : {}),
      },
    });
    app.modules = composed;
    app.addHook('onClose', () => composed.close());
    if (options.serveApi) {
      // Every request's work starts outside any transaction: one context for all, read from the
      // prototype (no hook, no write per request).
      const root = composed.kernel.root;
      app.decorateRequest('ctx', { getter: () => root });
      const context: RouteContext = {
        db: options.db,
        publicBaseUrl: options.publicBaseUrl,
        mediaBaseUrl: options.mediaBaseUrl,
        kernel: composed.kernel,
        services: composed.services,
      };
      // Root hooks first (identity's session and CSRF checks cover every module's routes).
      for (const module of composed.modules) await module.plugins?.(app, context);
      for (const module of composed.modules) if (module.routes) await app.register(module.routes, context);
      if (options.sandboxClock) {
        await registerSandboxClock(app, await sandboxKitOf(options.sandboxKit), options.sandboxClock, composed);
      }
      if (options.accounts?.sandbox) {
        // podcast feeds to add in the back office (docs/podcasts.md), playing the demo's recordings
        const { sandboxPodcastFeeds } = await sandboxKitOf(options.sandboxKit);
        await app.register(sandboxPodcastFeeds, {
          publicBaseUrl: options.publicBaseUrl,
          audioUrls: ['podcast-1.mp3', 'podcast-2.mp3'].map((file) => `${options.mediaBaseUrl}/audio/${file}`),
        });
      }
      registerApiNotFound(app);
    }
  }
  app.setNotFoundHandler(async () => {
    throw new AppError('NOT_FOUND');
  });
  return app;
}

/**
 * `POST /sandbox/clock` (packages/sandbox/src/clock.ts): moves the process's clock, then lets
 * the work that follows time happen at once: every schedule's next run is taken anew from the
 * moved clock (one computed ahead would wait for a clock moved back) and every minute's work
 * (subscriptions' renewals, dunning and expiries, rentals' warnings and notices, invoices
 * overdue, payments to reconcile) is enqueued for the worker now.
 */
async function registerSandboxClock(
  app: FastifyInstance,
  { sandboxClockRoutes }: SandboxKit,
  clock: OffsetClock,
  composed: ComposedModules,
) {
  const { jobs, root } = composed.kernel;
  const minuteWork = composed.modules.flatMap((m) => m.schedules ?? []).filter((s) => s.cron === '* * * * *');
  await app.register(sandboxClockRoutes, {
    clock,
    onChange: async () => {
      await jobs.restartSchedules(root);
      for (const { job } of minuteWork) await jobs.enqueue(root, job, {});
    },
  });
}
