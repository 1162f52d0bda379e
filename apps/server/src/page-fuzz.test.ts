/**
 * Pages fuzzed like the API (apps/api/src/fuzz.test.ts, docs/decisions/015-fuzz-suite.md): every
 * route of the web app (apps/web/app/routes.ts, read from the renderer itself, so a new page is
 * fuzzed the day it is added), its path parameters and query string filled with hostile values:
 * very long text, NUL, overlong and malformed escapes, dot segments, Cyrillic and emoji,
 * negative, huge and not-a-number numbers, repeated parameters (`?a=1&a=2`), unknown slugs, real
 * slugs, and the ids of another member's invoices and payments. Each is asked for by a visitor
 * and by a signed-in member.
 *
 * Asserted for every page: answered 2xx, 3xx, 400 or 404 (never 5xx), with no stack trace in it
 * (the renderer runs in development mode, which would show one on its error page).
 *
 * The pages render from the sources through Vite's SSR (`npm test` runs before the build), with
 * the real app beside them: their API calls are answered in-process as in production.
 * FUZZ_SEED replays a run (default fixed, `random` for a new one); PAGE_FUZZ_RUNS sets the
 * requests per route and visitor.
 */
import { mkdtempSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import type { ServerBuild } from 'react-router';
import { createServer, isRunnableDevEnvironment, type ViteDevServer } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { internalCallToken } from '@nomsan/api';
import {
  BROWSER_UA,
  cookieHeader,
  createAccountsApp,
  registerByPhone,
  type Registered,
} from '@nomsan/api/test/accounts';
import { fuzzSettings, seedFor } from '@nomsan/api/test/fuzz';
import { sql } from '@nomsan/db/orm';
import { registerWeb } from './web';

/** requests per route and visitor: about 40 s of rendering on two cores */
const DEFAULT_RUNS = 3;
const settings = fuzzSettings({ ...process.env, FUZZ_RUNS: process.env.PAGE_FUZZ_RUNS }, DEFAULT_RUNS);
console.log(
  `page fuzz: seed ${settings.seed}${settings.random ? ` (random: replay with FUZZ_SEED=${settings.seed})` : ''}, ${settings.runs} requests per route and visitor`,
);

const WEB_ROOT = fileURLToPath(new URL('../../web', import.meta.url));
const COOKIE_SECRET = 'test-cookie-secret-that-is-long-enough-0123456789';

/** The web app's server build, from its sources. */
async function devServerBuild(): Promise<{ vite: ViteDevServer; build: ServerBuild }> {
  const vite = await createServer({
    root: WEB_ROOT,
    configFile: join(WEB_ROOT, 'vite.config.ts'),
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    appType: 'custom',
    logLevel: 'error',
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  const ssr = vite.environments.ssr;
  if (!ssr || !isRunnableDevEnvironment(ssr)) throw new Error("Vite's SSR environment cannot run modules");
  const build = (await ssr.runner.import('virtual:react-router/server-build')) as ServerBuild;
  return { vite, build };
}

const { vite, build } = await devServerBuild();
const clientDir = mkdtempSync(join(tmpdir(), 'nomsan-page-fuzz-'));
mkdirSync(join(clientDir, 'client'));

const t = await createAccountsApp({ payments: { sandbox: true } }, (app) =>
  registerWeb(app, {
    buildDir: clientDir,
    serverBuild: build,
    config: {
      supportPhone: '7711-2018',
      supportEmail: 'help@nomsan.mn',
      publicBaseUrl: 'http://localhost:3000',
      mediaBaseUrl: '/media',
    },
    apiUrl: undefined,
    // development mode: an error page would carry the error's stack, which the test looks for
    mode: 'development',
    renderConcurrency: 4,
    pageCacheTtlMs: 0,
    internalToken: internalCallToken(COOKIE_SECRET),
  }),
);
afterAll(async () => {
  await t.close();
  await vite.close();
});

const memberA = await registerByPhone(t.app, { name: 'Гишүүн А' });
const memberB = await registerByPhone(t.app, { name: 'Гишүүн Б' });

/** Member B's unpaid bill: an invoice and a payment that member A must not see. */
async function billOf(member: Registered): Promise<{ invoice: string; payment: string }> {
  const book = (await t.db.db.execute<{ id: number }>(sql`select id from catalog_book order by id limit 1`)).rows[0];
  const answer = await t.app.inject({
    method: 'POST',
    url: `/v6/purchase/book/${book!.id}`,
    headers: { authorization: `Bearer ${member.token}`, 'idempotency-key': crypto.randomUUID() },
    payload: { format: 'ebook', method: 'mnt', rail: 'qpay' },
  });
  const data = answer.json().data as { invoice?: { id: string }; payment?: { id: string } | null } | undefined;
  if (!data?.invoice || !data.payment) throw new Error(`no bill: ${answer.statusCode} ${answer.body}`);
  return { invoice: data.invoice.id, payment: data.payment.id };
}
const billOfB = await billOf(memberB);
const billOfA = await billOf(memberA);

/** Slugs and ids that exist, so that some requests reach real pages and go past their look-ups. */
const existing = (
  await t.db.db.execute<{ value: string }>(sql`
    (select slug as value from catalog_book order by id limit 2)
    union all (select id::text from catalog_book order by id limit 2)
    union all (select slug from catalog_category order by id limit 1)
    union all (select slug from catalog_contributor order by id limit 1)
    union all (select slug from catalog_publisher order by id limit 1)
    union all (select slug from catalog_summary order by id limit 1)
    union all (select slug from catalog_topic order by id limit 1)
    union all (select slug from podcast_series order by id limit 1)
    union all (select slug from podcast_episode order by id limit 1)`)
).rows.map((row) => row.value);
const othersObjects = [billOfB.invoice, billOfB.payment, String(memberB.userId)];

/** Values for a path segment or a query value, before encoding. */
const HOSTILE = [
  'x'.repeat(3000),
  '\0',
  '../../etc/passwd',
  '..',
  '.',
  'цагаан-сар',
  'Цагаан сар',
  'ном',
  '😀📚',
  '-1',
  '0',
  '-0',
  '1e309',
  '99999999999999999999',
  '2147483648',
  '9007199254740993',
  'NaN',
  'Infinity',
  '0x10',
  '1.5',
  ' 1',
  '',
  ' ',
  'null',
  'undefined',
  '[object Object]',
  '__proto__',
  'constructor',
  'slug:',
  'slug:../x',
  '<script>alert(1)</script>',
  '"\'`',
  '/\\evil.example',
  '//evil.example',
  'https://evil.example/',
  'javascript:alert(1)',
  '\u202e\u200b',
  '\ud800',
];
/** Already escaped: sent as they are (malformed and overlong escapes, encoded dot segments). */
const RAW = [
  '%00',
  '%C0%AE',
  '%C0%AE%C0%AE%2F',
  '%2e%2e%2f',
  '..%2F..%2F',
  '%',
  '%zz',
  '%E0%A4%A',
  '%FF',
  '%2F',
  '%5C',
];

const value = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE).map(encodeURIComponentSafe) },
  { weight: 2, arbitrary: fc.constantFrom(...RAW) },
  { weight: 3, arbitrary: fc.constantFrom(...existing, ...othersObjects, billOfA.invoice) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }).map(encodeURIComponentSafe) },
  { weight: 1, arbitrary: fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String) },
);

/** A lone surrogate cannot be encoded as UTF-8: sent as the browser would, replaced. */
function encodeURIComponentSafe(text: string): string {
  return encodeURIComponent(text.replace(/\p{Cs}/gu, '\ufffd'));
}

/** The query names the web app reads (`.get('name')` anywhere in its sources), and some it does not. */
function queryNamesOfTheWebApp(): string[] {
  const names = new Set(['prev', 'page', 'page[size]', 'filter[category]', 'a', '__proto__']);
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.includes('.test.')) {
        for (const match of readFileSync(path, 'utf8').matchAll(/\.(?:get|getAll|has)\(\s*'([\w[\]-]+)'\s*\)/g)) {
          names.add(match[1]!);
        }
      }
    }
  };
  walk(join(WEB_ROOT, 'app'));
  return [...names].sort();
}
const queryNames = queryNamesOfTheWebApp();

const query = fc
  .array(fc.tuple(fc.constantFrom(...queryNames), value), { maxLength: 4 })
  .chain((pairs) =>
    // now and then a name twice (`?a=1&a=2`)
    fc.boolean().map((again) => (again && pairs[0] ? [...pairs, pairs[0]] : pairs)),
  )
  .map((pairs) => (pairs.length ? `?${pairs.map(([name, v]) => `${encodeURIComponent(name)}=${v}`).join('&')}` : ''));

interface PageRoute {
  id: string;
  /** the whole path pattern, `/podcast/:channel/:slug` */
  pattern: string;
}

/** Every route of the renderer with a path of its own (layouts are reached through their pages). */
function routesOf(serverBuild: ServerBuild): PageRoute[] {
  const { routes } = serverBuild;
  const patternOf = (id: string): string => {
    const route = routes[id];
    if (!route) return '';
    const parent = route.parentId ? patternOf(route.parentId) : '';
    return route.path ? `${parent.replace(/\/$/, '')}/${route.path}` : parent;
  };
  const parents = new Set(Object.values(routes).map((route) => route?.parentId));
  return Object.values(routes)
    .filter((route) => route && route.id !== 'root' && (!parents.has(route.id) || route.index))
    .map((route) => ({ id: route!.id, pattern: patternOf(route!.id) || '/' }))
    .sort((a, b) => a.id.localeCompare(b.id));
}
const pageRoutes = routesOf(build);

/** The pattern's parameters filled in: `:name` and `:name?` (sometimes left out), `*`. */
function pathFor(pattern: string): fc.Arbitrary<string> {
  const segments = pattern.split('/').filter(Boolean);
  return fc
    .tuple(
      ...segments.map((segment) => {
        if (segment === '*') return fc.array(value, { minLength: 1, maxLength: 3 }).map((parts) => parts.join('/'));
        if (segment.startsWith(':') && segment.endsWith('?')) return fc.option(value, { nil: null });
        if (segment.startsWith(':')) return value;
        return fc.constant(segment);
      }),
    )
    .map((parts) => `/${parts.filter((part) => part !== null).join('/')}`);
}

/** The same pattern with every parameter naming another member's object: the known cases first. */
function othersObjectPaths(pattern: string): string[] {
  if (!/[:*]/.test(pattern)) return [];
  return othersObjects.map((id) => pattern.replace(/:\w+\??|\*/g, id));
}

type Who = 'visitor' | 'member';
interface PageRequest {
  who: Who;
  url: string;
}

/** A stack's `file.ts:12:34`, as an error page in development mode shows it. */
const STACK = /\.(?:[cm]?[jt]sx?)(?:\?[^\s:"'<]*)?:\d+:\d+/;
const ALLOWED = (status: number) => (status >= 200 && status < 400) || status === 400 || status === 404;
/** how many answers of each status each kind of visitor got */
const tally = new Map<string, number>();

async function check(request: PageRequest): Promise<void> {
  const response = await t.app.inject({
    method: 'GET',
    url: request.url,
    headers: {
      accept: 'text/html,application/xhtml+xml',
      'user-agent': BROWSER_UA,
      ...(request.who === 'member' ? { cookie: cookieHeader(memberA.jar) } : {}),
    },
  });
  const counted = `${request.who} ${response.statusCode}`;
  tally.set(counted, (tally.get(counted) ?? 0) + 1);
  const problem = !ALLOWED(response.statusCode)
    ? `answered ${response.statusCode}`
    : STACK.test(response.body)
      ? 'shows a stack trace'
      : null;
  if (!problem) return;
  const at = response.body.search(STACK);
  throw new Error(
    `GET ${request.url} as a ${request.who}: ${problem}\n` +
      `location: ${String(response.headers.location ?? '')}\n` +
      `${response.body.slice(Math.max(0, at - 600), at + 1400)}\n` +
      `replay: FUZZ_SEED=${settings.seed} npx vitest run apps/server/src/page-fuzz.test.ts`,
  );
}

describe('fuzzing every page of the web app', () => {
  it('found the routes of apps/web/app/routes.ts, with the money pages among them', () => {
    const patterns = pageRoutes.map((route) => route.pattern);
    console.log(`page fuzz: ${pageRoutes.length} routes, query names ${queryNames.join(' ')}`);
    expect(patterns).toEqual(expect.arrayContaining(['/', '/invoice/:slug', '/payment/:slug', '/auth', '/*']));
    expect(queryNames).toEqual(expect.arrayContaining(['q', 'page', 'prev']));
  });

  it.each(pageRoutes.map((route) => [route.pattern, route] as const))(
    '%s',
    async (_pattern, route) => {
      const who = fc.constantFrom<Who>('visitor', 'member');
      const known: [PageRequest][] = [
        ...othersObjectPaths(route.pattern).flatMap((url) =>
          (['member', 'visitor'] as const).map((w): [PageRequest] => [{ who: w, url }]),
        ),
        // a way back that is no ASCII, to a signed-in member of a page that sends them on
        [{ who: 'member', url: `${route.pattern.replace(/:\w+\??|\*/g, 'x')}?prev=${encodeURIComponent('/ном')}` }],
      ];
      await fc.assert(
        fc.asyncProperty(
          fc.record({ who, url: fc.tuple(pathFor(route.pattern), query).map(([path, q]) => `${path}${q}`) }),
          check,
        ),
        { seed: seedFor(settings.seed, route.id), numRuns: settings.runs * 2 + known.length, examples: known },
      );
    },
    120_000,
  );

  it('reached real pages and refused others, for both kinds of visitor, and still answers', async () => {
    console.log(`page fuzz: ${[...tally].map(([key, n]) => `${key}: ${n}`).join(', ')}`);
    for (const who of ['visitor', 'member']) {
      expect(tally.get(`${who} 200`)).toBeGreaterThan(0);
      expect(tally.get(`${who} 404`)).toBeGreaterThan(0);
    }
    expect((await t.app.inject('/healthz')).statusCode).toBe(200);
  });
});
