import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { oauthCallbackPaths, type OAuthProvider } from '@nomsan/contracts/identity';
import type { DatabaseHandle } from '@nomsan/db/client';
import { systemClock, type Clock } from '../../lib/clock';
import { createLimiter } from '../../lib/limiter';
import { loopbackFetch } from '../../lib/loopback-fetch';
import { accountRoutes } from '../account/account.routes';
import { accountService } from '../account/account.service';
import { identityRoutes } from './identity.routes';
import { identityService } from './identity.service';
import {
  oauth2Adapter,
  oidcAdapter,
  type OAuth2ProviderConfig,
  type OAuthAdapters,
  type OidcProviderConfig,
} from './oauth';
import { otpService } from './otp.service';
import { httpSmsGateway, smtpMailer, type SmsGatewayOptions, type SmtpOptions } from './senders';
import { sessionPlugin } from './session';
import { sessionsService, type SessionLifetimes } from './sessions.service';

const DAY_MS = 24 * 60 * 60_000;
export const DEFAULT_SESSION_LIFETIMES: SessionLifetimes = { idleMs: 30 * DAY_MS, maxMs: 180 * DAY_MS };

/** How accounts reach the outside: each provider is configured, or the sandbox stands in. */
export interface AccountsOptions {
  /** mount the sandbox providers and /dev/outbox; they stand in for every provider not configured */
  sandbox: boolean;
  sms?: Omit<SmsGatewayOptions, 'fetch'>;
  mail?: SmtpOptions;
  google?: OidcProviderConfig;
  facebook?: OAuth2ProviderConfig;
  toki?: OAuth2ProviderConfig;
  sessions?: SessionLifetimes;
  /** tests move time */
  clock?: Clock;
}

export interface AccountsContext {
  db: DatabaseHandle;
  publicBaseUrl: string;
  /** origins whose pages may post with the session cookie (see session.ts) */
  trustedOrigins: ReadonlySet<string>;
  /** the server's secret (COOKIE_SECRET): keys code hashes, CSRF tokens and signed cookies */
  secret: string;
  /** shared counters for sign-in and code limits; in memory when absent */
  redis: Redis | undefined;
  options: AccountsOptions;
}

/**
 * Identity and account: the session and CSRF hooks on the root (so every later module's routes
 * have `request.session` and `requireUser`), the providers, and the routes.
 */
export async function registerAccounts(app: FastifyInstance, context: AccountsContext): Promise<void> {
  const { options } = context;
  const clock = options.clock ?? systemClock;
  const lifetimes = options.sessions ?? DEFAULT_SESSION_LIFETIMES;
  // Loaded only when on: a production process never even imports the stand-ins.
  const sandbox = options.sandbox
    ? await (
        await import('@nomsan/sandbox/sandbox')
      ).registerSandbox(app, { publicBaseUrl: context.publicBaseUrl, callbackPaths: oauthCallbackPaths })
    : undefined;
  const fetchOwn = loopbackFetch(app, context.publicBaseUrl);

  const smsConfig = options.sms ?? sandbox?.sms;
  const mailConfig = options.mail ?? sandbox?.mail;
  const mailer = mailConfig ? smtpMailer(mailConfig) : undefined;
  if (mailer) app.addHook('onClose', async () => mailer.close());

  const google = options.google ?? sandbox?.google;
  const facebook =
    options.facebook ??
    (sandbox ? { ...sandbox.facebook, scope: 'email public_profile', emailVerified: true } : undefined);
  const toki = options.toki ?? (sandbox ? { ...sandbox.toki, scope: 'profile', emailVerified: false } : undefined);
  const oauth: OAuthAdapters = {
    ...(google ? { google: oidcAdapter(google, fetchOwn) } : {}),
    ...(facebook ? { facebook: oauth2Adapter(facebook, fetchOwn) } : {}),
    ...(toki ? { toki: oauth2Adapter(toki, fetchOwn) } : {}),
  };

  const limiter = createLimiter(clock, context.redis, (error) =>
    app.log.error({ err: error }, 'sign-in limits unavailable (Redis); allowing'),
  );
  const sessions = sessionsService({ db: context.db.db, clock, lifetimes, secret: context.secret });
  const otp = otpService({
    db: context.db.db,
    clock,
    limiter,
    secret: context.secret,
    sms: smsConfig ? httpSmsGateway({ ...smsConfig, fetch: fetchOwn }) : undefined,
    mail: mailer,
    onDeliveryError: (error) => app.log.error({ err: error }, 'message delivery failed'),
  });
  const identity = identityService({ db: context.db.db, clock, limiter, otp, sessions });

  await app.register(sessionPlugin, { sessions, trustedOrigins: context.trustedOrigins });
  await app.register(identityRoutes, {
    identity,
    sessions,
    oauth,
    publicBaseUrl: context.publicBaseUrl,
    sessionMaxAgeS: Math.floor(lifetimes.maxMs / 1000),
    onProviderError: (error, provider: OAuthProvider) =>
      app.log.warn({ err: error, provider }, 'social sign-in failed at the provider'),
  });
  await app.register(accountRoutes, { account: accountService({ identity, sessions }) });
}
