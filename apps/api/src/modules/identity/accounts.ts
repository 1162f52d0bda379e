import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { oauthCallbackPaths, type OAuthProvider } from '@nomsan/contracts/identity';
import { DAY_MS, systemClock, type Clock } from '../../lib/clock';
import { createLimiter, type Limiter } from '../../lib/limiter';
import { loopbackFetch } from '../../lib/loopback-fetch';
import {
  oauth2Adapter,
  oidcAdapter,
  type OAuth2ProviderConfig,
  type OAuthAdapters,
  type OidcProviderConfig,
} from './oauth';
import {
  httpSmsGateway,
  smtpMailer,
  type MailSender,
  type SmsGatewayOptions,
  type SmsSender,
  type SmtpOptions,
} from './senders';
import type { SessionLifetimes } from './sessions.service';
import { sandboxKitOf, type SandboxKitLoader } from '../../sandbox-kit';

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
  /** codes one address may ask for in an hour */
  otpSendsPerIpHour?: number;
  /** codes one address may try in ten minutes (absent: the default) */
  otpVerifiesPerIp?: number;
  /** tests move time */
  clock?: Clock;
}

export interface AccountsContext {
  publicBaseUrl: string;
  /** origins whose pages may post with the session cookie (see session.ts) */
  trustedOrigins: ReadonlySet<string>;
  /** the server's secret (COOKIE_SECRET): keys code hashes, CSRF tokens and signed cookies */
  secret: string;
  /** shared counters for sign-in and code limits; in memory when absent */
  redis: Redis | undefined;
  options: AccountsOptions;
  /** the sandbox's stand-ins, when the process runs the sandbox */
  sandboxKit?: SandboxKitLoader;
}

/** What the identity module is made with: its providers and limits, made by the host process. */
export interface IdentitySettings {
  clock: Clock;
  lifetimes: SessionLifetimes;
  secret: string;
  limiter: Limiter;
  trustedOrigins: ReadonlySet<string>;
  sms: SmsSender | undefined;
  mail: MailSender | undefined;
  oauth: OAuthAdapters;
  onDeliveryError: (error: unknown) => void;
  onProviderError: (error: unknown, provider: OAuthProvider) => void;
  /** codes one address may ask for in an hour (absent: the default) */
  otpSendsPerIpHour?: number;
  /** codes one address may try in ten minutes (absent: the default) */
  otpVerifiesPerIp?: number;
}

declare module '../../kernel/module' {
  interface ModuleSettings {
    identity: IdentitySettings;
  }
}

/**
 * How accounts reach the outside in this process: each provider as configured, or the sandbox
 * standing in (mounted on `app`, and reached in-process).
 */
export async function identitySettings(app: FastifyInstance, context: AccountsContext): Promise<IdentitySettings> {
  const { options } = context;
  const clock = options.clock ?? systemClock;
  // Mounted only when on, from the kit the process hands in (a production process has none).
  const sandbox = options.sandbox
    ? await (
        await sandboxKitOf(context.sandboxKit)
      ).registerSandbox(app, {
        publicBaseUrl: context.publicBaseUrl,
        callbackPaths: oauthCallbackPaths,
      })
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

  return {
    clock,
    lifetimes: options.sessions ?? DEFAULT_SESSION_LIFETIMES,
    otpSendsPerIpHour: options.otpSendsPerIpHour,
    otpVerifiesPerIp: options.otpVerifiesPerIp,
    secret: context.secret,
    limiter: createLimiter(clock, context.redis, (error) =>
      app.log.error({ err: error }, 'sign-in limits unavailable (Redis); allowing'),
    ),
    trustedOrigins: context.trustedOrigins,
    sms: smsConfig ? httpSmsGateway({ ...smsConfig, fetch: fetchOwn }) : undefined,
    mail: mailer,
    oauth: {
      ...(google ? { google: oidcAdapter(google, fetchOwn) } : {}),
      ...(facebook ? { facebook: oauth2Adapter(facebook, fetchOwn) } : {}),
      ...(toki ? { toki: oauth2Adapter(toki, fetchOwn) } : {}),
    },
    onDeliveryError: (error) => app.log.error({ err: error }, 'message delivery failed'),
    onProviderError: (error, provider) =>
      app.log.warn({ err: error, provider }, 'social sign-in failed at the provider'),
  };
}
