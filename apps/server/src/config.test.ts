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
    const config = loadConfig({ NODE_ENV: 'production', COOKIE_SECRET: 'x'.repeat(32) }, []);
    expect(config.sandbox).toBe(false);
  });
});
