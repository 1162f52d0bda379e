import { join, resolve } from 'node:path';
import { z } from 'zod';
import type { PublicConfig } from '@nomsan/contracts/web-context';
import {
  type AccountsOptions,
  DEFAULT_HTTP_TIMEOUTS,
  DEFAULT_OTP_SENDS_PER_IP_HOUR,
  DEFAULT_OTP_VERIFIES_PER_IP,
  facebookProvider,
  type HttpTimeouts,
  type MediaOptions,
  type PaymentsOptions,
} from '@nomsan/api';

export const roles = ['all', 'api', 'web', 'worker'] as const;
export type Role = (typeof roles)[number];

const flag = (fallback: boolean) =>
  z
    .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], { error: 'must be true or false' })
    .optional()
    .transform((value) => (value === undefined ? fallback : ['1', 'true', 'yes', 'on'].includes(value)));

const url = (protocols: string[], what: string) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { error: `must be a ${what} URL (${protocols.map((p) => `${p}//`).join(' or ')}...)` },
  );

const integer = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, { error: 'must be a whole number' })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error: `must be between ${min} and ${max}` });

/** Every setting the server reads, from the environment, parsed once at start-up. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: integer(0, 65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: url(['postgres:', 'postgresql:'], 'PostgreSQL').optional(),
  DATABASE_POOL_SIZE: integer(1, 200).default(10),
  REDIS_URL: url(['redis:', 'rediss:'], 'Redis').optional(),
  PUBLIC_BASE_URL: url(['http:', 'https:'], 'http(s)').optional(),
  MEDIA_BASE_URL: url(['http:', 'https:'], 'http(s)').optional(),
  MEDIA_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  MEDIA_DIR: z.string().min(1).optional(),
  UPLOAD_DIR: z.string().min(1).optional(),
  EBOOK_DIR: z.string().min(1).optional(),
  MEDIA_SOURCE_DIR: z.string().min(1).optional(),
  MEDIA_PACKAGE_AHEAD: integer(0, 1_000_000).default(24),
  MEDIA_S3_ENDPOINT: url(['http:', 'https:'], 'http(s)').optional(),
  MEDIA_S3_BUCKET: z.string().min(3).max(63).optional(),
  MEDIA_S3_REGION: z.string().min(1).optional(),
  MEDIA_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  MEDIA_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  API_URL: url(['http:', 'https:'], 'http(s)').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SLOW_QUERY_MS: integer(1, 600_000).default(200),
  TRUST_PROXY: flag(false),
  SEED_DEMO: flag(true),
  DEMO_TITLES: integer(1, 1_000_000).default(300),
  SANDBOX: flag(true),
  RATE_LIMIT_PER_MINUTE: integer(0, 1_000_000).default(600),
  BODY_LIMIT_BYTES: integer(1024, 100 * 1024 * 1024).default(1024 * 1024),
  COOKIE_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  SUPPORT_PHONE: z.string().min(1).default('7711-2018'),
  SUPPORT_EMAIL: z.email({ error: 'must be an e-mail address' }).default('help@nomsan.mn'),
  SHUTDOWN_TIMEOUT_MS: integer(0, 600_000).default(10_000),
  HEADERS_TIMEOUT_MS: integer(1000, 600_000).default(DEFAULT_HTTP_TIMEOUTS.headersMs),
  REQUEST_TIMEOUT_MS: integer(1000, 3_600_000).default(DEFAULT_HTTP_TIMEOUTS.requestMs),
  KEEP_ALIVE_TIMEOUT_MS: integer(1000, 600_000).default(DEFAULT_HTTP_TIMEOUTS.keepAliveMs),
  RENDER_CONCURRENCY: integer(1, 1000).default(8),
  PAGE_CACHE_TTL_MS: integer(0, 600_000).default(10_000),
  SESSION_IDLE_DAYS: integer(1, 3650).default(30),
  OTP_SENDS_PER_IP_HOUR: integer(1, 1_000_000).default(DEFAULT_OTP_SENDS_PER_IP_HOUR),
  OTP_VERIFIES_PER_IP: integer(1, 1_000_000).default(DEFAULT_OTP_VERIFIES_PER_IP),
  SESSION_MAX_DAYS: integer(1, 3650).default(180),
  SMS_GATEWAY_URL: url(['http:', 'https:'], 'http(s)').optional(),
  SMS_GATEWAY_TOKEN: z.string().min(1).optional(),
  SMS_SENDER: z.string().min(1).max(32).default('Nomsan'),
  SMTP_URL: url(['smtp:', 'smtps:'], 'SMTP').optional(),
  MAIL_FROM: z.string().min(3).default('Номсан <no-reply@nomsan.mn>'),
  GOOGLE_ISSUER: url(['https:', 'http:'], 'http(s)').default('https://accounts.google.com'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  FACEBOOK_CLIENT_ID: z.string().min(1).optional(),
  FACEBOOK_CLIENT_SECRET: z.string().min(1).optional(),
  TOKI_CLIENT_ID: z.string().min(1).optional(),
  TOKI_CLIENT_SECRET: z.string().min(1).optional(),
  TOKI_AUTHORIZE_URL: url(['https:', 'http:'], 'http(s)').optional(),
  TOKI_TOKEN_URL: url(['https:', 'http:'], 'http(s)').optional(),
  TOKI_USERINFO_URL: url(['https:', 'http:'], 'http(s)').optional(),
  TOKI_SCOPE: z.string().min(1).default('profile'),
  QPAY_BASE_URL: url(['https:', 'http:'], 'http(s)').optional(),
  QPAY_CLIENT_ID: z.string().min(1).optional(),
  QPAY_CLIENT_SECRET: z.string().min(1).optional(),
  QPAY_INVOICE_CODE: z.string().min(1).optional(),
  GOLOMT_BASE_URL: url(['https:', 'http:'], 'http(s)').optional(),
  GOLOMT_TOKEN: z.string().min(1).optional(),
  GOLOMT_SECRET: z.string().min(1).optional(),
  HIPAY_BASE_URL: url(['https:', 'http:'], 'http(s)').optional(),
  HIPAY_ENTITY_ID: z.string().min(1).optional(),
  HIPAY_TOKEN: z.string().min(1).optional(),
  UNITEL_BASE_URL: url(['https:', 'http:'], 'http(s)').optional(),
  UNITEL_MERCHANT_ID: z.string().min(1).optional(),
  UNITEL_TOKEN: z.string().min(1).optional(),
  UNITEL_SERVICE_NAME: z.string().min(1).max(100).default('Nomsan'),
  UPOINT_BASE_URL: url(['https:', 'http:'], 'http(s)').optional(),
  UPOINT_TOKEN: z.string().min(1).optional(),
  UPOINT_TERMINAL_ID: z.string().min(1).max(32).default('NOMSAN-WEB'),
  UPOINT_MNT_PER_POINT: integer(1, 1000).default(1),
  POSAPI_URL: url(['https:', 'http:'], 'http(s)').optional(),
  EBARIMT_MERCHANT_TIN: z
    .string()
    .regex(/^\d{11,14}$/, { error: 'must be 11 to 14 digits' })
    .optional(),
  EBARIMT_POS_NO: z.string().min(1).max(32).optional(),
  EBARIMT_DISTRICT_CODE: z
    .string()
    .regex(/^\d{4}$/, { error: 'must be 4 digits' })
    .optional(),
  EBARIMT_BRANCH_NO: z
    .string()
    .regex(/^\d{3}$/, { error: 'must be 3 digits' })
    .default('001'),
  EBARIMT_CLASSIFICATION_CODE: z
    .string()
    .regex(/^\d{7}$/, { error: 'must be 7 digits' })
    .default('8431100'),
  INVOICE_TTL_MINUTES: integer(1, 7 * 24 * 60).default(30),
});

type Env = z.infer<typeof envSchema>;

export interface Config {
  role: Role;
  env: z.infer<typeof envSchema>['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  redisUrl: string | undefined;
  publicBaseUrl: string;
  mediaBaseUrl: string;
  /** the API origin for server rendering in the web role; undefined means in-process */
  apiUrl: string | undefined;
  logLevel: string;
  slowQueryMs: number;
  trustProxy: boolean;
  seedDemo: boolean;
  demoTitles: number;
  sandbox: boolean;
  rateLimitPerMinute: number;
  bodyLimitBytes: number;
  cookieSecret: string;
  supportPhone: string;
  supportEmail: string;
  shutdownTimeoutMs: number;
  /** how long a client may take to send its request's headers, the whole request, its next request */
  httpTimeouts: HttpTimeouts;
  renderConcurrency: number;
  /** how long a page that is the same for everyone is served from memory (0: off) */
  pageCacheTtlMs: number;
  /** sign-in providers (unset ones come from the sandbox when it is on) and session lifetimes */
  accounts: Omit<AccountsOptions, 'clock'>;
  /** payment rails (unset ones come from the sandbox when it is on) */
  payments: PaymentsOptions;
  /** packaging and keys; `dir` is also where covers and podcast audio are, all served at MEDIA_BASE_URL */
  media: MediaOptions & { dir: string; ebookDir: string; sourceDir: string };
  /** where the back office's uploads wait to be taken in (docs/uploads.md) */
  uploadDir: string;
}

export class ConfigError extends Error {}

function parseRole(argv: string[]): Role {
  const index = argv.findIndex((arg) => arg === '--role' || arg.startsWith('--role='));
  if (index === -1) return 'all';
  const arg = argv[index] ?? '';
  const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[index + 1];
  if (!value || !(roles as readonly string[]).includes(value)) {
    throw new ConfigError(`--role must be one of ${roles.join(', ')} (got "${value ?? ''}")`);
  }
  return value as Role;
}

/** Reads argv and the environment; throws ConfigError with one readable line on a bad value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, argv: string[] = process.argv.slice(2)): Config {
  const role = parseRole(argv);
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    const got = present[name];
    throw new ConfigError(
      `${name} ${issue?.message ?? 'is invalid'}${got !== undefined && !isSecret(name) ? ` (got "${got}")` : ''}`,
    );
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  if (production && !e.COOKIE_SECRET) throw new ConfigError('COOKIE_SECRET must be set in production');
  if (production && !e.MEDIA_SECRET) throw new ConfigError('MEDIA_SECRET must be set in production');
  if (production && e.SANDBOX) {
    // Sandbox providers (and /dev/outbox, which shows every code sent) never run in production.
    if (present.SANDBOX !== undefined) throw new ConfigError('SANDBOX cannot be on when NODE_ENV=production');
    e.SANDBOX = false;
  }
  if (role === 'web' && !e.API_URL) {
    throw new ConfigError('API_URL must be set for --role web (the API this web process renders from)');
  }
  if (e.HEADERS_TIMEOUT_MS > e.REQUEST_TIMEOUT_MS) {
    // (the headers are part of the request: Node refuses to start with a longer limit for them)
    throw new ConfigError('HEADERS_TIMEOUT_MS must not be more than REQUEST_TIMEOUT_MS');
  }
  const publicBaseUrl = (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    role,
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    redisUrl: e.REDIS_URL,
    publicBaseUrl,
    mediaBaseUrl: (e.MEDIA_BASE_URL ?? '/media').replace(/\/$/, ''),
    apiUrl: e.API_URL?.replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    slowQueryMs: e.SLOW_QUERY_MS,
    trustProxy: e.TRUST_PROXY,
    seedDemo: e.SEED_DEMO,
    demoTitles: e.DEMO_TITLES,
    sandbox: e.SANDBOX,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    // Embedded mode gets a fixed development secret; production must configure its own.
    cookieSecret: e.COOKIE_SECRET ?? 'nomsan-embedded-development-cookie-secret',
    supportPhone: e.SUPPORT_PHONE,
    supportEmail: e.SUPPORT_EMAIL,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    httpTimeouts: {
      headersMs: e.HEADERS_TIMEOUT_MS,
      requestMs: e.REQUEST_TIMEOUT_MS,
      keepAliveMs: e.KEEP_ALIVE_TIMEOUT_MS,
    },
    renderConcurrency: e.RENDER_CONCURRENCY,
    pageCacheTtlMs: e.PAGE_CACHE_TTL_MS,
    accounts: accountsConfig(e),
    payments: paymentsConfig(e),
    uploadDir: e.UPLOAD_DIR ? resolve(e.UPLOAD_DIR) : join(resolve(e.DATA_DIR), 'uploads'),
    media: {
      // Embedded mode gets a fixed development secret: its keys outlive a restart.
      secret: e.MEDIA_SECRET ?? 'nomsan-embedded-development-media-secret',
      dir: e.MEDIA_DIR ? resolve(e.MEDIA_DIR) : join(resolve(e.DATA_DIR), 'media'),
      sourceDir: e.MEDIA_SOURCE_DIR ? resolve(e.MEDIA_SOURCE_DIR) : join(resolve(e.DATA_DIR), 'sources'),
      ebookDir: e.EBOOK_DIR ? resolve(e.EBOOK_DIR) : join(resolve(e.DATA_DIR), 'ebooks'),
      packageAhead: e.MEDIA_PACKAGE_AHEAD,
      s3: mediaS3(e),
    },
  };
}

/** Every variable of a rail, or none: a rail half configured is a mistake to stop on. */
function rail<T>(e: Env, names: readonly (keyof Env)[], build: () => T): T | undefined {
  const set = names.filter((name) => e[name] !== undefined);
  if (set.length === 0) return undefined;
  const missing = names.find((name) => e[name] === undefined);
  if (missing) throw new ConfigError(`${String(missing)} must be set with ${String(set[0])}`);
  return build();
}

/** object storage for packaged media: every MEDIA_S3_* variable, and where players fetch from */
function mediaS3(e: Env): Config['media']['s3'] {
  const names = [
    'MEDIA_S3_ENDPOINT',
    'MEDIA_S3_BUCKET',
    'MEDIA_S3_REGION',
    'MEDIA_S3_ACCESS_KEY_ID',
    'MEDIA_S3_SECRET_ACCESS_KEY',
  ] as const;
  return rail(e, names, () => {
    if (!e.MEDIA_BASE_URL)
      throw new ConfigError('MEDIA_BASE_URL must be set with MEDIA_S3_ENDPOINT (where players fetch the bucket from)');
    return {
      endpoint: e.MEDIA_S3_ENDPOINT!,
      bucket: e.MEDIA_S3_BUCKET!,
      region: e.MEDIA_S3_REGION!,
      accessKeyId: e.MEDIA_S3_ACCESS_KEY_ID!,
      secretAccessKey: e.MEDIA_S3_SECRET_ACCESS_KEY!,
    };
  });
}

function paymentsConfig(e: Env): Config['payments'] {
  return {
    sandbox: e.SANDBOX,
    invoiceTtlMs: e.INVOICE_TTL_MINUTES * 60_000,
    posapi: rail(e, ['POSAPI_URL', 'EBARIMT_MERCHANT_TIN', 'EBARIMT_POS_NO', 'EBARIMT_DISTRICT_CODE'], () => ({
      baseUrl: e.POSAPI_URL!.replace(/\/$/, ''),
      merchantTin: e.EBARIMT_MERCHANT_TIN!,
      posNo: e.EBARIMT_POS_NO!,
      districtCode: e.EBARIMT_DISTRICT_CODE!,
      branchNo: e.EBARIMT_BRANCH_NO,
      classificationCode: e.EBARIMT_CLASSIFICATION_CODE,
    })),
    qpay: rail(e, ['QPAY_BASE_URL', 'QPAY_CLIENT_ID', 'QPAY_CLIENT_SECRET', 'QPAY_INVOICE_CODE'], () => ({
      baseUrl: e.QPAY_BASE_URL!.replace(/\/$/, ''),
      clientId: e.QPAY_CLIENT_ID!,
      clientSecret: e.QPAY_CLIENT_SECRET!,
      invoiceCode: e.QPAY_INVOICE_CODE!,
    })),
    hipay: rail(e, ['HIPAY_BASE_URL', 'HIPAY_ENTITY_ID', 'HIPAY_TOKEN'], () => ({
      baseUrl: e.HIPAY_BASE_URL!.replace(/\/$/, ''),
      entityId: e.HIPAY_ENTITY_ID!,
      token: e.HIPAY_TOKEN!,
    })),
    unitel: rail(e, ['UNITEL_BASE_URL', 'UNITEL_MERCHANT_ID', 'UNITEL_TOKEN'], () => ({
      baseUrl: e.UNITEL_BASE_URL!.replace(/\/$/, ''),
      merchantId: e.UNITEL_MERCHANT_ID!,
      token: e.UNITEL_TOKEN!,
      serviceName: e.UNITEL_SERVICE_NAME,
    })),
    upoint: rail(e, ['UPOINT_BASE_URL', 'UPOINT_TOKEN'], () => ({
      baseUrl: e.UPOINT_BASE_URL!.replace(/\/$/, ''),
      token: e.UPOINT_TOKEN!,
      terminalId: e.UPOINT_TERMINAL_ID,
      mntPerPoint: e.UPOINT_MNT_PER_POINT,
    })),
    golomt: rail(e, ['GOLOMT_BASE_URL', 'GOLOMT_TOKEN', 'GOLOMT_SECRET'], () => ({
      baseUrl: e.GOLOMT_BASE_URL!.replace(/\/$/, ''),
      token: e.GOLOMT_TOKEN!,
      secret: e.GOLOMT_SECRET!,
    })),
  };
}

/** Both halves of a pair, or neither: `name` and `other` must be set together. */
function pair<T>(e: Env, name: keyof Env, other: keyof Env, build: () => T): T | undefined {
  if (!e[name] && !e[other]) return undefined;
  if (!e[name] || !e[other])
    throw new ConfigError(`${String(e[name] ? other : name)} must be set with ${String(e[name] ? name : other)}`);
  return build();
}

function accountsConfig(e: Env): Config['accounts'] {
  const DAY_MS = 24 * 60 * 60_000;
  if (e.SESSION_IDLE_DAYS > e.SESSION_MAX_DAYS) {
    throw new ConfigError('SESSION_IDLE_DAYS must not be more than SESSION_MAX_DAYS');
  }
  const toki = pair(e, 'TOKI_CLIENT_ID', 'TOKI_CLIENT_SECRET', () => {
    const missing = (['TOKI_AUTHORIZE_URL', 'TOKI_TOKEN_URL', 'TOKI_USERINFO_URL'] as const).find((k) => !e[k]);
    if (missing) throw new ConfigError(`${missing} must be set with TOKI_CLIENT_ID`);
    return {
      authorizationEndpoint: e.TOKI_AUTHORIZE_URL ?? '',
      tokenEndpoint: e.TOKI_TOKEN_URL ?? '',
      userinfoEndpoint: e.TOKI_USERINFO_URL ?? '',
      clientId: e.TOKI_CLIENT_ID ?? '',
      clientSecret: e.TOKI_CLIENT_SECRET ?? '',
      scope: e.TOKI_SCOPE,
      emailVerified: false,
    };
  });
  return {
    sandbox: e.SANDBOX,
    sessions: { idleMs: e.SESSION_IDLE_DAYS * DAY_MS, maxMs: e.SESSION_MAX_DAYS * DAY_MS },
    otpSendsPerIpHour: e.OTP_SENDS_PER_IP_HOUR,
    otpVerifiesPerIp: e.OTP_VERIFIES_PER_IP,
    sms: pair(e, 'SMS_GATEWAY_URL', 'SMS_GATEWAY_TOKEN', () => ({
      url: e.SMS_GATEWAY_URL ?? '',
      token: e.SMS_GATEWAY_TOKEN ?? '',
      sender: e.SMS_SENDER,
    })),
    mail: e.SMTP_URL ? { url: e.SMTP_URL, from: e.MAIL_FROM } : undefined,
    google: pair(e, 'GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', () => ({
      issuer: e.GOOGLE_ISSUER,
      clientId: e.GOOGLE_CLIENT_ID ?? '',
      clientSecret: e.GOOGLE_CLIENT_SECRET ?? '',
    })),
    facebook: pair(e, 'FACEBOOK_CLIENT_ID', 'FACEBOOK_CLIENT_SECRET', () =>
      facebookProvider(e.FACEBOOK_CLIENT_ID ?? '', e.FACEBOOK_CLIENT_SECRET ?? ''),
    ),
    toki,
  };
}

function isSecret(name: string): boolean {
  return /SECRET|PASSWORD|TOKEN|DATABASE_URL|REDIS_URL|SMTP_URL/.test(name);
}

/** What the browser may know about the configuration: an explicit allow-list. */
export function publicConfig(config: Config): PublicConfig {
  return {
    supportPhone: config.supportPhone,
    supportEmail: config.supportEmail,
    publicBaseUrl: config.publicBaseUrl,
    mediaBaseUrl: config.mediaBaseUrl,
  };
}
