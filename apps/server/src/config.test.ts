import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('has working defaults for embedded mode', () => {
    const config = loadConfig({}, []);
    expect(config).toMatchObject({
      role: 'all',
      port: 3000,
      databaseUrl: undefined,
      seedDemo: true,
      sandbox: true,
      mediaBaseUrl: '/media',
    });
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.publicBaseUrl).toBe('http://localhost:3000');
  });

  it.each([
    [{ PORT: 'abc' }, /^PORT must be a whole number \(got "abc"\)$/],
    [{ PORT: '70000' }, /^PORT must be between 0 and 65535/],
    [{ DATABASE_URL: 'not a url' }, /^DATABASE_URL must be a PostgreSQL URL/],
    [{ DATABASE_URL: 'mysql://localhost/db' }, /^DATABASE_URL must be a PostgreSQL URL/],
    [{ REDIS_URL: 'localhost:6379' }, /^REDIS_URL must be a Redis URL/],
    [{ SEED_DEMO: 'maybe' }, /^SEED_DEMO must be true or false/],
    [{ SUPPORT_EMAIL: 'nope' }, /^SUPPORT_EMAIL must be an e-mail address/],
  ])('refuses %o with one readable line', (env, message) => {
    expect(() => loadConfig(env, [])).toThrow(ConfigError);
    expect(() => loadConfig(env, [])).toThrow(message);
  });

  it('bounds how long a client may take to send a request, from the environment', () => {
    expect(loadConfig({}, []).httpTimeouts).toEqual({ headersMs: 10_000, requestMs: 30_000, keepAliveMs: 65_000 });
    expect(
      loadConfig({ HEADERS_TIMEOUT_MS: '5000', REQUEST_TIMEOUT_MS: '120000', KEEP_ALIVE_TIMEOUT_MS: '5000' }, [])
        .httpTimeouts,
    ).toEqual({ headersMs: 5000, requestMs: 120_000, keepAliveMs: 5000 });
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '0' }, [])).toThrow(/^HEADERS_TIMEOUT_MS must be between 1000/);
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '40000' }, [])).toThrow(
      'HEADERS_TIMEOUT_MS must not be more than REQUEST_TIMEOUT_MS',
    );
  });

  it('never echoes a secret value back', () => {
    try {
      loadConfig({ DATABASE_URL: 'postgres-ish://user:secret@host/db' }, []);
      expect.unreachable();
    } catch (error) {
      expect(String(error)).not.toContain('secret');
    }
  });

  it('reads the role from the command line', () => {
    expect(loadConfig({}, ['--role', 'api']).role).toBe('api');
    expect(loadConfig({}, ['--role=worker']).role).toBe('worker');
    expect(() => loadConfig({}, ['--role', 'admin'])).toThrow(/--role must be one of all, api, web, worker/);
    expect(() => loadConfig({}, ['--role', 'web'])).toThrow(/API_URL must be set for --role web/);
    expect(loadConfig({ API_URL: 'http://api.internal:3000/' }, ['--role', 'web']).apiUrl).toBe(
      'http://api.internal:3000',
    );
  });

  it('requires a cookie secret in production and turns the sandbox off there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' }, [])).toThrow(/COOKIE_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', COOKIE_SECRET: 'x'.repeat(32) }, [])).toThrow(/MEDIA_SECRET/);
    const config = loadConfig(
      { NODE_ENV: 'production', COOKIE_SECRET: 'x'.repeat(32), MEDIA_SECRET: 'm'.repeat(32) },
      [],
    );
    expect(config.sandbox).toBe(false);
    expect(config.accounts.sandbox).toBe(false);
  });

  it('refuses the sandbox in production even when asked for', () => {
    expect(() =>
      loadConfig(
        { NODE_ENV: 'production', COOKIE_SECRET: 'x'.repeat(32), MEDIA_SECRET: 'm'.repeat(32), SANDBOX: 'true' },
        [],
      ),
    ).toThrow(/^SANDBOX cannot be on when NODE_ENV=production$/);
  });

  it('reads the sign-in providers, in pairs', () => {
    const config = loadConfig(
      {
        SMS_GATEWAY_URL: 'https://sms.example.mn/send',
        SMS_GATEWAY_TOKEN: 'sms-token',
        SMTP_URL: 'smtps://user:pass@smtp.example.mn:465',
        GOOGLE_CLIENT_ID: 'google-id',
        GOOGLE_CLIENT_SECRET: 'google-secret',
        FACEBOOK_CLIENT_ID: 'fb-id',
        FACEBOOK_CLIENT_SECRET: 'fb-secret',
        SESSION_IDLE_DAYS: '7',
      },
      [],
    );
    expect(config.accounts).toMatchObject({
      sandbox: true,
      sms: { url: 'https://sms.example.mn/send', token: 'sms-token', sender: 'Nomsan' },
      mail: { url: 'smtps://user:pass@smtp.example.mn:465', from: 'Номсан <no-reply@nomsan.mn>' },
      google: { issuer: 'https://accounts.google.com', clientId: 'google-id' },
      facebook: { clientId: 'fb-id', tokenEndpoint: expect.stringMatching(/^https:\/\/graph\.facebook\.com\//) },
      sessions: { idleMs: 7 * 24 * 3600_000, maxMs: 180 * 24 * 3600_000 },
    });
    expect(config.accounts.toki).toBeUndefined();
  });

  it.each([
    [{ SMS_GATEWAY_URL: 'https://sms.example.mn' }, /^SMS_GATEWAY_TOKEN must be set with SMS_GATEWAY_URL$/],
    [{ GOOGLE_CLIENT_SECRET: 'x' }, /^GOOGLE_CLIENT_ID must be set with GOOGLE_CLIENT_SECRET$/],
    [{ TOKI_CLIENT_ID: 'a', TOKI_CLIENT_SECRET: 'b' }, /^TOKI_AUTHORIZE_URL must be set with TOKI_CLIENT_ID$/],
    [{ SMTP_URL: 'http://smtp.example.mn' }, /^SMTP_URL must be a SMTP URL/],
    [{ SESSION_IDLE_DAYS: '200' }, /^SESSION_IDLE_DAYS must not be more than SESSION_MAX_DAYS$/],
  ])('refuses an incomplete provider %o with one readable line', (env, message) => {
    expect(() => loadConfig(env, [])).toThrow(message);
  });

  it('never echoes an SMTP URL, which holds a password', () => {
    expect(() => loadConfig({ SMTP_URL: 'ftp://user:hunter2@host' }, [])).toThrow(/^SMTP_URL must be a SMTP URL[^"]*$/);
  });

  it('takes object storage for media only whole, and with the URL players fetch it from', () => {
    const s3 = {
      MEDIA_S3_ENDPOINT: 'https://s3.example.mn',
      MEDIA_S3_BUCKET: 'nomsan-media',
      MEDIA_S3_REGION: 'ap-east-1',
      MEDIA_S3_ACCESS_KEY_ID: 'KEY',
      MEDIA_S3_SECRET_ACCESS_KEY: 'secret',
    };
    expect(() => loadConfig({ MEDIA_S3_ENDPOINT: 'https://s3.example.mn' }, [])).toThrow(/MEDIA_S3_BUCKET must be set/);
    expect(() => loadConfig(s3, [])).toThrow(/MEDIA_BASE_URL must be set/);
    const config = loadConfig({ ...s3, MEDIA_BASE_URL: 'https://cdn.example.mn/media' }, []);
    expect(config.media.s3).toMatchObject({ bucket: 'nomsan-media', region: 'ap-east-1' });
  });
});
