import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, startServer } from './support/server';

function runServer(env: Record<string, string>, script = join(ROOT, 'dist', 'server.js')) {
  return spawnSync(process.execPath, [script], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('the server process', () => {
  it.each([
    [{ PORT: 'abc' }, 'nomsan: invalid configuration: PORT must be a whole number (got "abc")'],
    [
      { DATABASE_URL: 'postgres//nope' },
      'nomsan: invalid configuration: DATABASE_URL must be a PostgreSQL URL (postgres:// or postgresql://...)',
    ],
  ])('refuses a bad setting %o with one readable line and exit code 1', (env, line) => {
    for (const script of [join(ROOT, 'dist', 'server.js'), join(ROOT, 'scripts', 'start.mjs')]) {
      const result = runServer(env, script);
      expect(result.status).toBe(1);
      expect(result.stderr.trim()).toBe(line);
      expect(result.stdout.trim()).toBe('');
    }
  });

  it('serves hashed assets (scripts, styles, the icon sprite) precompressed, kept for a year', async () => {
    const base = process.env.E2E_BASE_URL as string;
    const html = await (await fetch(`${base}/about`)).text();
    const assets = [...html.matchAll(/(?:href|src)="(\/assets\/[^"#]+)/g)].map((m) => m[1] as string);
    expect(assets.some((a) => a.endsWith('.js'))).toBe(true);
    expect(assets.some((a) => a.includes('icons-') && a.endsWith('.svg'))).toBe(true);
    for (const asset of new Set(assets)) {
      const response = await fetch(`${base}${asset}`, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(response.status, asset).toBe(200);
      expect(response.headers.get('cache-control'), asset).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('vary'), asset).toBe('accept-encoding');
      // compressed once at build time (brotli 11), not per request
      if (asset.endsWith('.js')) expect(response.headers.get('content-encoding'), asset).toBe('br');
      // the policy is a document's; the sprite (a document when opened alone) keeps it
      expect(response.headers.has('content-security-policy'), asset).toBe(asset.endsWith('.svg'));
    }
    expect((await fetch(`${base}/favicon.svg`)).headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it("serves a visitor's page from memory with a fresh CSP nonce, and a signed-in browser's fresh", async () => {
    const base = process.env.E2E_BASE_URL as string;
    const nonceOf = (response: Response) =>
      /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
    const visit = (headers: Record<string, string> = {}) => fetch(`${base}/about?cache-check=1`, { headers });
    const first = await visit();
    const second = await visit();
    expect(second.headers.get('x-page-cache')).toBe('hit');
    // fetch takes gzip, as browsers do: a stored page is compressed once, its nonce spliced in
    expect(second.headers.get('content-encoding')).toBe('gzip');
    const plain = await visit({ 'accept-encoding': 'identity' });
    expect(plain.headers.get('x-page-cache')).toBe('hit');
    expect(plain.headers.get('content-encoding')).toBeNull();
    for (const response of [second, plain]) expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
    for (const response of [first, second, plain]) {
      const nonce = nonceOf(response);
      const html = await response.text();
      expect(nonce).toBeTruthy();
      // every script of the page carries this response's own nonce, and no other
      expect(html).toContain(`nonce="${nonce}"`);
      expect(html.match(/nonce="([^"]+)"/g)?.every((n) => n === `nonce="${nonce}"`)).toBe(true);
    }
    expect(nonceOf(first)).not.toBe(nonceOf(second));
    expect(nonceOf(second)).not.toBe(nonceOf(plain));
    const signedIn = await visit({ cookie: 'nomsan_session=whatever' });
    expect(signedIn.headers.get('x-page-cache')).toBeNull();
    // every search must reach the API's log, so the search page is never stored
    for (let i = 0; i < 2; i++) {
      const search = await fetch(`${base}/search?q=cache-check`);
      expect(search.headers.get('x-page-cache')).toBeNull();
      expect(search.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('refuses a second server on the same data directory, and the first keeps serving', async () => {
    // An empty data directory: the first start seeds the demo catalogue.
    const first = await startServer({ dataDir: join(mkdtempSync(join(tmpdir(), 'nomsan-e2e-empty-')), 'data') });
    expect(first.output()).toContain('demo catalogue seeded');
    try {
      const second = runServer({ PORT: '0', DATA_DIR: first.dataDir });
      expect(second.status).toBe(1);
      expect(second.stderr.trim()).toMatch(
        /^nomsan: another Nomsan server \(pid \d+\) is already using .+; stop it or set DATA_DIR to another directory$/,
      );
      expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
    } finally {
      expect(await first.stop()).toBe(0);
    }
    // A restart keeps the data and does not seed again.
    const again = await startServer({ dataDir: first.dataDir });
    try {
      expect(again.output()).not.toContain('demo catalogue seeded');
      const categories = (await (await fetch(`${again.url}/api/categories`)).json()) as { data: unknown[] };
      expect(categories.data.length).toBeGreaterThanOrEqual(12);
    } finally {
      await again.stop();
    }
    // two cold starts, the first seeding and indexing the demo catalogue: on a busy two-core
    // machine that alone has taken most of a minute
  }, 180_000);

  it('drains in-flight requests on SIGTERM, then exits 0', async () => {
    const server = await startServer();
    const count = 40;
    const pages = Array.from({ length: count }, () =>
      fetch(`${server.url}/`).then(async (r) => ({
        status: r.status,
        body: await r.text(),
        doneAt: performance.now(),
      })),
    );
    // Signal once the server has received every request (it logs each one as it arrives; the
    // page's own API calls are logged too, with host localhost:80, and are not counted).
    const received = () =>
      server
        .output()
        .split('\n')
        .filter((line) => line.includes('"msg":"incoming request"') && line.includes('"url":"/","host":"127.0.0.1'))
        .length;
    await expect.poll(received).toBe(count);
    const signalAt = performance.now();
    const exit = server.stop('SIGTERM');
    const results = await Promise.all(pages);
    expect(results.map((r) => r.status)).toEqual(Array(count).fill(200));
    expect(results.every((r) => r.body.includes('</html>'))).toBe(true);
    expect(await exit).toBe(0);
    expect(server.output()).toContain('shutting down');
    const drained = results.filter((r) => r.doneAt > signalAt).length;
    console.log(`SIGTERM with all ${count} requests received: ${drained} finished after the signal; none was dropped`);
  });

  it('runs each role on its own: api without pages, web rendering from a separate api', async () => {
    const api = await startServer({ args: ['--role', 'api'] });
    try {
      expect((await fetch(`${api.url}/api/categories`)).status).toBe(200);
      expect((await fetch(`${api.url}/`)).status).toBe(404);
      const web = await startServer({ args: ['--role', 'web'], env: { API_URL: api.url, DATABASE_URL: '' } });
      try {
        const html = await (await fetch(`${web.url}/`)).text();
        expect(html).toContain('Ном хайх...');
        expect(html).toContain('/media/covers/');
      } finally {
        await web.stop();
      }
    } finally {
      await api.stop();
    }
  });

  it('answers a crawler that goes over the rate limit with 429 and Retry-After, never 500', async () => {
    const server = await startServer({ env: { RATE_LIMIT_PER_MINUTE: '30' } });
    try {
      const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
      const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] as string).pathname);
      expect(pages.length).toBeGreaterThan(40);
      const statuses: number[] = [];
      let refused: Response | undefined;
      for (const path of pages.slice(0, 40)) {
        const response = await fetch(`${server.url}${path}`, { headers: { accept: 'text/html' } });
        statuses.push(response.status);
        if (response.status === 429) refused ??= response;
        await response.arrayBuffer();
      }
      // Each page makes several API calls while it renders; only the page itself is counted:
      // the sitemap and 29 pages pass, every page after them is refused, and none fails.
      expect(statuses.slice(0, 29)).toEqual(Array(29).fill(200));
      expect(statuses.slice(29)).toEqual(Array(11).fill(429));
      expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused?.headers.get('content-type')).toMatch(/text\/html/);
      expect(server.output()).not.toContain('"level":50');
    } finally {
      await server.stop();
    }
  });

  it('answers a sitemap part that does not exist with 404 in the envelope', async () => {
    const base = process.env.E2E_BASE_URL as string;
    for (const path of ['/sitemap/-1', '/sitemap/books-0.xml', '/sitemap/pages.xml']) {
      const response = await fetch(`${base}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.json(), path).toEqual({
        error: { code: 'NOT_FOUND', message: 'Хүссэн мэдээлэл олдсонгүй.' },
      });
    }
  });

  it('npm start restarts a server that crashed or was killed, and stops with it', async () => {
    const marker = join(mkdtempSync(join(tmpdir(), 'nomsan-crash-')), 'crashed');
    const supervisor = await startServer({
      script: join(ROOT, 'scripts', 'start.mjs'),
      nodeArgs: ['--import', join(ROOT, 'e2e', 'support', 'crash-once.mjs')],
      env: { CRASH_ONCE_MARKER: marker },
    });
    const serverPid = () => Number(readFileSync(join(supervisor.dataDir, 'server.lock'), 'utf8'));
    const answers = async () => {
      try {
        return (await fetch(`${supervisor.url}/readyz`)).status === 200;
      } catch {
        return false;
      }
    };
    try {
      // The first server throws outside any request once it is ready: it logs, stops, exits 1.
      await expect.poll(() => existsSync(marker), { timeout: 30_000, interval: 200 }).toBe(true);
      const crashed = Number(readFileSync(marker, 'utf8'));
      await expect
        .poll(() => supervisor.output().includes('exited with code 1; starting it again'), { timeout: 30_000 })
        .toBe(true);
      expect(supervisor.output()).toContain('uncaught exception: stopping; the supervisor starts a new server');
      expect(supervisor.output()).toContain('planted failure outside any request');
      // The supervisor started a new one.
      await expect.poll(answers, { timeout: 120_000, interval: 200 }).toBe(true);
      const second = serverPid();
      expect(second).not.toBe(crashed);
      // One killed outright is started again too, on the same data.
      process.kill(second, 'SIGKILL');
      await expect.poll(() => supervisor.output().includes('was killed (SIGKILL)'), { timeout: 30_000 }).toBe(true);
      await expect.poll(async () => (await answers()) && serverPid() !== second, { timeout: 120_000 }).toBe(true);
      const third = serverPid();
      // SIGTERM to the supervisor stops the server gracefully and both exit 0.
      expect(await supervisor.stop('SIGTERM')).toBe(0);
      expect(() => process.kill(third, 0)).toThrow();
    } finally {
      await supervisor.stop('SIGKILL');
    }
  }, 300_000);

  it('npm start stops, supervisor and server, on one SIGTERM to the npm process a process manager started', async () => {
    // npm runs the script through `sh -c`; a process manager signals the process it started
    const npm = join(dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js');
    const started = await startServer({ script: npm, args: ['start', '--silent'] });
    const serverPid = Number(readFileSync(join(started.dataDir, 'server.lock'), 'utf8'));
    const supervisorPid = Number(
      execFileSync('ps', ['-o', 'ppid=', '-p', String(serverPid)], { encoding: 'utf8' }).trim(),
    );
    try {
      expect(await started.stop('SIGTERM')).toBe(0);
      const gone = (pid: number) => {
        try {
          process.kill(pid, 0);
          return false;
        } catch {
          return true;
        }
      };
      await expect.poll(() => gone(supervisorPid) && gone(serverPid), { timeout: 30_000 }).toBe(true);
    } finally {
      for (const pid of [serverPid, supervisorPid]) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
  }, 300_000);
});
