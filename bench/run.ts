// `npm run bench`: measures the built server on a benchmark catalogue with autocannon and
// prints requests/s and p50/p99 latency per endpoint, with the ratio to a bare Fastify
// hello-world measured in the same run, and the CPU time a request costs the server, the
// PostgreSQL processes and the load generator (read from /proc).
//
//   BENCH_TITLES     catalogue size (default 100000); seeded once and reused in .bench/
//   BENCH_DURATION   seconds per endpoint (default 10)
//   BENCH_CONNECTIONS  concurrent connections (default 50; the search endpoints use 20)
//   BENCH_ONLY       only endpoints whose name contains this text, or one of several separated by
//                    commas (e.g. "discovery", "catalog/books,edit visible")
//   DATABASE_URL     benchmark on PostgreSQL (a database named nomsan_bench_<titles> is made)
//   BENCH_NODE_ARGS  extra node flags for the measured server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
//                    (the profile is written when the server exits at the end of the run)
//   BENCH_EDITS      edits timed from the back office to the public book API (default 20), the
//                    first BENCH_EDITS_SEARCHED (default all) also until the search finds them
//   BENCH_SERVER_LOG what the measured server printed is written to this file at the end (with
//                    BENCH_NODE_ARGS=--trace-gc: its garbage collections)
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '@nomsan/db/client';
import { sql } from '@nomsan/db/orm';
import { seedDemoIfEmpty } from '@nomsan/demo/seed';
import { relatedBooksService } from '@nomsan/api/modules/catalog/related.service';
import { createModules } from '@nomsan/api';
import { BOOK_STATUSES, DESK_FORMATS, DESK_SORTS } from '@nomsan/contracts/catalog-desk';
import { transliterate } from '@nomsan/contracts/slug';
import { freePort, ROOT } from '../e2e/support/server';

const titles = Number(process.env.BENCH_TITLES ?? 100_000);
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const adminUrl = process.env.DATABASE_URL || undefined;

interface Target {
  name: string;
  path: string;
  /** a fresh path per request (e.g. a random book), so caches see realistic misses */
  randomPath?: () => string;
  /** concurrent connections for this endpoint, when not the run's default */
  connections?: number;
  /** request headers, e.g. the Accept-Encoding every browser sends */
  headers?: Record<string, string>;
  /** a whole request per call (method, path, headers, body): writes such as purchases */
  request?: () => { method: 'GET' | 'POST'; path: string; headers: Record<string, string>; body?: string };
}

/** what Chromium sends: the rows marked "(as a browser)" ask for compressed answers */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

const randomBook = () => 1 + Math.floor(Math.random() * titles);
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;
/** the items in a random order (Fisher-Yates) */
function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

/** Words of the demo catalogue's titles and names, typed in Cyrillic or in Latin letters. */
const SEARCH_WORDS = (
  'цагаан сар хатны араас дайн энх монгол түүх хөвсгөл цамхаг зэрлэг зүүд сэтгэл зүй ' +
  'нууц захидал мандухай занабазар хархорум өгөөдэй хаан чингис гэр бүл амжилт урлаг ' +
  'зарчим шинэ эрин дурсамж алтан орд тэнгис намар үлгэр баавгай тархи харилцаа ' +
  'сургамж бясалгал санхүү менежмент эмчилгээ нурууны гэрэл од агуй сүнс зам бороо ' +
  'содбилэг жаргалсайхан ууганбаяр хонгорзул толстой лондон батзориг ганчимэг хулан'
).split(' ');
const typed = (word: string) => (Math.random() < 0.5 ? word : transliterate(word));
/** what a box receives while someone types: the first 2-4 letters of a word */
const asYouType = () => {
  const word = typed(pick(SEARCH_WORDS));
  return word.slice(0, 2 + Math.floor(Math.random() * 3));
};
/** finished queries people send: titles and names, as typed (so popular ones repeat) */
const TYPICAL_QUERIES = [
  'цагаан сар',
  'tsagaan sar',
  'tsagan sar',
  'дайн ба энх',
  'dain ba enkh',
  'хатны араас',
  'khatnii araas',
  'хөвсгөлийн цамхаг',
  'hovsgol',
  'зэрлэг зүүд',
  'zerleg zuud',
  'мандухай',
  'manduhai',
  'чингис хаан',
  'chinggis khaan',
  'занабазар',
  'монгол түүх',
  'mongol tuuh',
  'сэтгэл зүй',
  'setgel zui',
  'толстой',
  'lev tolstoi',
  'jack london',
  'содбилэг',
  'ууганбаяр',
  'нууц захидал',
  'алтан орд',
  'хархорум',
  'гэр бүлийн үндэс',
  'санхүүгийн тухай',
  'the silent mountain',
  'letters from toronto',
  'бясалгал',
  'hiimel oyuun uhaan',
  'тархины нууц',
  'номын клуб',
  'өсвөр насны',
  'usvur nasnii',
  'stratigiin',
  'хөвсгөл цамхг',
];
/**
 * The title and the first author's name of every book of the benchmark catalogue, typed the
 * way people do (Cyrillic, Latin, or without ө/ү), in a random order that a run walks through
 * once: no query is sent twice, so only what the catalogue itself repeats (an author's name on
 * many books, a title and its transliteration) can be found in a cache.
 */
let CATALOGUE_QUERIES: string[] = [];
let catalogueCursor = 0;
const nextCatalogueQuery = () => CATALOGUE_QUERIES[catalogueCursor++ % CATALOGUE_QUERIES.length] as string;
/** slugs of random books: pages that no cache holds */
let BOOK_SLUGS: string[] = [];
/** ids of published books the edit timing renames (and names back) */
let BOOK_IDS: number[] = [];
async function loadCatalogueQueries(databaseUrl: string | undefined, dataDir: string | undefined): Promise<void> {
  const handle = await openDatabase(
    databaseUrl ? { url: databaseUrl } : { dataDir: join(dataDir as string, 'pglite') },
  );
  const rows = await handle.db.execute<{ title: string; author: string | null }>(sql`
    select b.title, (select c.name from catalog_book_contributor bc join catalog_contributor c on c.id = bc.contributor_id
      where bc.book_id = b.id and bc.role = 'author' limit 1) as author
    from catalog_book b where b.status = 'published'`);
  const slugs = await handle.db.execute<{ slug: string }>(sql`
    select slug from catalog_book where status = 'published' and kind = 'book' and id % 19 = 0 limit 5000`);
  BOOK_SLUGS = slugs.rows.map((row) => row.slug);
  const ids = await handle.db.execute<{ id: number }>(sql`
    select id from catalog_book where status = 'published' and kind = 'book' and id % 97 = 0 limit 500`);
  BOOK_IDS = ids.rows.map((row) => Number(row.id));
  const words = await handle.db.execute<{ word: string }>(sql`
    select word from catalog_book b,
      regexp_split_to_table(lower(regexp_replace(b.title, '[^[:alpha:]]+', ' ', 'g')), ' ') word
    where b.status = 'published' and length(word) >= 4
    group by word order by count(*) desc, word limit ${COMMON_WORDS}`);
  const common = words.rows.map((row) => row.word);
  WORD_PAIRS = shuffle(
    common.flatMap((first) => common.filter((second) => second !== first).map((second) => `${first} ${second}`)),
  ).map((pair) => (Math.random() < 0.5 ? pair : transliterate(pair).replace(/-/g, ' ')));
  await handle.close();
  const respell = (text: string) => {
    const r = Math.random();
    if (r < 0.4) return transliterate(text).replace(/-/g, ' ');
    if (r < 0.6) return text.replace(/ө/g, 'о').replace(/ү/g, 'у');
    return text.toLowerCase();
  };
  CATALOGUE_QUERIES = shuffle(
    rows.rows.flatMap((row) => [respell(row.title), ...(row.author ? [respell(row.author)] : [])]),
  );
}

/**
 * Every ordered pair of the catalogue's most common title words, each typed in Cyrillic or
 * Latin, in a random order that a run walks through once: broad words (thousands of matches
 * each) that seldom share a title, so most pairs fall back to "any word", and no pair is
 * sent twice.
 */
let WORD_PAIRS: string[] = [];
let pairCursor = 0;
const nextWordPair = () => WORD_PAIRS[pairCursor++ % WORD_PAIRS.length] as string;
/** 300 words: 89 700 pairs, more than a run sends */
const COMMON_WORDS = 300;
const SEARCH_CONNECTIONS = 20;

/** Later issues add their endpoints here. */
const targets: Target[] = [
  { name: 'GET /healthz', path: '/healthz' },
  { name: 'GET /api/categories', path: '/api/categories' },
  { name: 'GET /api/newsfeed/tabs/for-you', path: '/api/newsfeed/tabs/for-you' },
  { name: 'GET /api/newsfeed/tabs/for-you (as a browser)', path: '/api/newsfeed/tabs/for-you', headers: BROWSER },
  { name: 'GET /v4/books/{id}', path: '/v4/books/1' },
  { name: 'GET /v4/books/{random id}', path: '/v4/books/1', randomPath: () => `/v4/books/${randomBook()}` },
  { name: 'GET /v5/books/{id}/related', path: '/v5/books/1/related' },
  {
    name: 'GET /v5/books/{random id}/related',
    path: '/v5/books/1/related',
    randomPath: () => `/v5/books/${randomBook()}/related`,
  },
  {
    name: 'GET /v5/discovery/suggest (2-4 letters)',
    path: '/v5/discovery/suggest?q=ts',
    randomPath: () => `/v5/discovery/suggest?q=${encodeURIComponent(asYouType())}`,
    connections: SEARCH_CONNECTIONS,
  },
  {
    name: 'GET /v5/discovery/search (2-4 letters)',
    path: '/v5/discovery/search?q=ts',
    randomPath: () => `/v5/discovery/search?q=${encodeURIComponent(asYouType())}`,
    connections: SEARCH_CONNECTIONS,
  },
  {
    name: 'GET /v5/discovery/search (typical query)',
    path: '/v5/discovery/search?q=tsagaan+sar',
    randomPath: () => `/v5/discovery/search?q=${encodeURIComponent(pick(TYPICAL_QUERIES))}`,
    connections: SEARCH_CONNECTIONS,
  },
  {
    name: 'GET /v5/discovery/search (cold title/author)',
    path: '/v5/discovery/search?q=tsagaan+sar',
    randomPath: () => `/v5/discovery/search?q=${encodeURIComponent(nextCatalogueQuery())}`,
    connections: SEARCH_CONNECTIONS,
  },
  {
    name: 'GET /v5/discovery/search (cold 2 words)',
    path: '/v5/discovery/search?q=tsagaan+sar',
    randomPath: () => `/v5/discovery/search?q=${encodeURIComponent(nextWordPair())}`,
    connections: SEARCH_CONNECTIONS,
  },
  { name: 'GET / (home page, SSR)', path: '/' },
  { name: 'GET / (home page, SSR, as a browser)', path: '/', headers: BROWSER },
  { name: 'GET /{slug} (book page, SSR)', path: '/tsagaan-sar' },
  { name: 'GET /{slug} (book page, SSR, as a browser)', path: '/tsagaan-sar', headers: BROWSER },
  {
    name: 'GET /{random slug} (book page, SSR, as a browser)',
    path: '/tsagaan-sar',
    randomPath: () => `/${pick(BOOK_SLUGS)}`,
    headers: BROWSER,
  },
  {
    // a crawler's pace: a few connections walking the long tail of never-cached pages
    name: 'GET /{random slug} (book page, SSR, as a browser, 10 connections)',
    path: '/tsagaan-sar',
    randomPath: () => `/${pick(BOOK_SLUGS)}`,
    headers: BROWSER,
    connections: 10,
  },
  {
    // the back office's catalogue: a filter, a sort and maybe the start of a title, as editors click
    name: 'GET /api/staff/catalog/books (filtered, sorted)',
    path: '/api/staff/catalog/books',
    request: staffRead(() => `/api/staff/catalog/books?${deskQuery().toString()}`),
    // a back office is a few editors at once, not fifty
    connections: 4,
  },
  {
    // the pages after the first: the keyset's `after` of pages walked before the run
    name: 'GET /api/staff/catalog/books (later pages)',
    path: '/api/staff/catalog/books',
    request: staffRead(() => pick(DESK_PAGES)),
    connections: 4,
  },
  {
    // the checkout sheet opens with these two personal calls, made together
    name: 'GET /v5/users/credit/summary (member)',
    path: '/v5/users/credit/summary',
    request: memberRead('/v5/users/credit/summary'),
  },
  {
    name: 'GET /v4/billing/payment-gateways/golomt-v2/cards (member)',
    path: '/v4/billing/payment-gateways/golomt-v2/cards',
    request: memberRead('/v4/billing/payment-gateways/golomt-v2/cards'),
  },
  {
    name: 'POST /v6/purchase/book/{id} (credit unlock, many members)',
    path: '/v6/purchase/book/1',
    request: unlockRequests(false),
  },
  {
    name: 'POST /v6/purchase/book/{id} (credit unlock, one hot member)',
    path: '/v6/purchase/book/1',
    request: unlockRequests(true),
  },
];

/**
 * Members for the purchase rows, made anew each run (so no unlock repeats one of an earlier run):
 * `count` members with a session token each and credits enough for every unlock they will make,
 * and the books with a credit offer, as (id, format) pairs.
 */
interface Members {
  tokens: string[];
  offers: { id: number; format: string }[];
}
let MEMBERS: Members = { tokens: [], offers: [] };
async function makeMembers(databaseUrl: string | undefined, dataDir: string | undefined, count: number): Promise<void> {
  const handle = await openDatabase(
    databaseUrl ? { url: databaseUrl } : { dataDir: join(dataDir as string, 'pglite') },
  );
  const tokens = Array.from({ length: count }, () => randomBytes(32).toString('base64url'));
  const hashes = tokens.map((token) => createHash('sha256').update(token).digest('base64url'));
  const { rows } = await handle.db.execute<{ id: number }>(sql`
    insert into identity_user (name) select 'bench ' || g from generate_series(1, ${count}) g returning id`);
  const ids = rows.map((row) => Number(row.id));
  await handle.db.execute(sql`
    insert into identity_session (user_id, token_hash, device_name, created_at, last_seen_at, expires_at)
    select u, h, 'bench', now(), now(), now() + interval '1 day'
    from unnest(${sql.param(ids)}::int[], ${sql.param(hashes)}::text[]) as t(u, h)`);
  await handle.db.execute(sql`
    insert into credits_balance (user_id, balance) select u, 1000000000 from unnest(${sql.param(ids)}::int[]) u`);
  await handle.db.execute(sql`
    insert into credits_ledger (user_id, delta, kind, description, entry_key, balance_after)
    select u, 1000000000, 'bonus', 'bench', 'bench:' || u, 1000000000 from unnest(${sql.param(ids)}::int[]) u`);
  const offers = await handle.db.execute<{ id: number; format: string }>(sql`
    select item_id as id, format from commerce_offer
    where item_type = 'book' and active and credit_price is not null and format in ('audiobook', 'ebook')`);
  MEMBERS = { tokens, offers: shuffle(offers.rows.map((row) => ({ id: Number(row.id), format: row.format }))) };
  await handle.close();
}

/**
 * A credit unlock per request, never the same member and title twice: request k goes to member
 * k mod n and the k div n-th title of a shuffled list (`hot`: one member unlocks title after
 * title, every request on the same balance row).
 */
function unlockRequests(hot: boolean): NonNullable<Target['request']> {
  let k = 0;
  return () => {
    // the hot member is the last one, whom the other row never uses
    const members = hot ? 1 : MEMBERS.tokens.length - 1;
    const member = (hot ? MEMBERS.tokens.at(-1) : MEMBERS.tokens[k % members]) as string;
    const offer = MEMBERS.offers[Math.floor(k / members) % MEMBERS.offers.length] as { id: number; format: string };
    k += 1;
    return {
      method: 'POST',
      path: `/v6/purchase/book/${offer.id}`,
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${member}`,
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify({ format: offer.format, method: 'credits' }),
    };
  };
}

/** A signed-in member's personal read (what the checkout sheet asks for when it opens). */
function memberRead(path: string): NonNullable<Target['request']> {
  return () => ({ method: 'GET', path, headers: { authorization: `Bearer ${pick(MEMBERS.tokens)}` } });
}

/**
 * An editor signed in to the back office: a staff member and a session made in the database
 * (as `makeMembers` makes members), sent as the staff cookie.
 */
let STAFF_COOKIE_HEADER = '';
async function makeEditor(databaseUrl: string | undefined, dataDir: string | undefined): Promise<void> {
  const handle = await openDatabase(
    databaseUrl ? { url: databaseUrl } : { dataDir: join(dataDir as string, 'pglite') },
  );
  const token = randomBytes(32).toString('base64url');
  const hash = createHash('sha256').update(token).digest('base64url');
  const login = `bench-${randomUUID()}@nomsan.bench`;
  const { rows } = await handle.db.execute<{ id: number }>(sql`
    insert into staff_member (name, login, roles, password_hash, totp_secret)
    values ('bench editor', ${login}, array['editor'], 'bench', 'bench') returning id`);
  await handle.db.execute(sql`
    insert into staff_session (id, staff_id, token_hash, created_at, last_seen_at, expires_at)
    values (${randomUUID()}, ${Number(rows[0]?.id)}, ${hash}, now(), now(), now() + interval '12 hours')`);
  await handle.close();
  STAFF_COOKIE_HEADER = `nomsan_staff=${token}`;
}

/** A back-office read as the bench editor. */
function staffRead(path: () => string): NonNullable<Target['request']> {
  return () => ({ method: 'GET', path: path(), headers: { cookie: STAFF_COOKIE_HEADER } });
}

/** the list's filters as the contract has them (none, or one of each) */
const LIST_STATUSES = [undefined, ...BOOK_STATUSES, 'scheduled'] as const;
const LIST_FORMATS = [undefined, ...DESK_FORMATS, 'none'] as const;
/** a random filter and sort of the desk list, with the first 1-3 letters of a title word half the time */
function deskQuery(): URLSearchParams {
  const query = new URLSearchParams({ sort: pick(DESK_SORTS) });
  const status = pick(LIST_STATUSES);
  const format = pick(LIST_FORMATS);
  if (status) query.set('status', status);
  if (format) query.set('format', format);
  if (Math.random() < 0.5) query.set('q', pick(SEARCH_WORDS).slice(0, 1 + Math.floor(Math.random() * 3)));
  return query;
}

/** Paths of the desk list's later pages (2 to 20 of random filters), walked once before the run. */
let DESK_PAGES: string[] = [];
async function walkDeskPages(base: string): Promise<void> {
  const pages: string[] = [];
  while (pages.length < 300) {
    const query = deskQuery();
    query.delete('q');
    for (let page = 2; page <= 20; page++) {
      const response = await fetch(`${base}/api/staff/catalog/books?${query.toString()}`, {
        headers: { cookie: STAFF_COOKIE_HEADER },
      });
      if (!response.ok) throw new Error(`desk list: ${response.status} ${await response.text()}`);
      const next = ((await response.json()) as { data: { next: string | null } }).data.next;
      if (!next) break;
      query.set('after', next);
      pages.push(`/api/staff/catalog/books?${query.toString()}`);
    }
  }
  DESK_PAGES = pages;
}

/**
 * How long an editor's change takes to reach members: a published title renamed in the back
 * office (its public page cached just before), timed until the public book API answers with the
 * new title (polled every 20 ms), and, for the first `searched` edits, until the search finds
 * it by a made-up word (never in the catalogue) added to the title.
 */
async function editVisible(
  base: string,
  edits: number,
  searched: number,
): Promise<{ page: number[]; search: number[] }> {
  const ids = shuffle([...BOOK_IDS]).slice(0, edits);
  const times = { page: [] as number[], search: [] as number[] };
  const letters = 'бвгджзклмнпрстфхцчшщ';
  const word = () => Array.from({ length: 9 }, () => pick([...letters])).join('');
  const patch = (id: number, title: string) =>
    fetch(`${base}/api/staff/catalog/books/${id}`, {
      method: 'PATCH',
      headers: { cookie: STAFF_COOKIE_HEADER, 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ title }),
    });
  const until = async (started: number, seen: () => Promise<boolean>, what: string, limitMs: number) => {
    while (!(await seen())) {
      if (performance.now() - started > limitMs) throw new Error(`${what} not visible after ${limitMs / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return performance.now() - started;
  };
  for (const [index, id] of ids.entries()) {
    const titleOf = async () =>
      ((await (await fetch(`${base}/v4/books/${id}`)).json()) as { data: { title: string } }).data.title;
    const before = await titleOf();
    const marker = word();
    const title = `${before} ${marker}`;
    const started = performance.now();
    const response = await patch(id, title);
    if (!response.ok) throw new Error(`edit of ${id}: ${response.status} ${await response.text()}`);
    times.page.push(await until(started, async () => (await titleOf()) === title, `edit of ${id} (page)`, 30_000));
    if (index < searched) {
      // the answer carries the new title (the made-up word is in no other)
      const found = async () =>
        (await (await fetch(`${base}/v5/discovery/search?q=${encodeURIComponent(marker)}`)).text()).includes(title);
      times.search.push(await until(started, found, `edit of ${id} (search)`, 30_000));
    }
    await patch(id, before);
  }
  return { page: times.page.sort((a, b) => a - b), search: times.search.sort((a, b) => a - b) };
}

/** Precomputed related books and the search index, as the worker would make them after seeding. */
async function ensureDerivedData(handle: Awaited<ReturnType<typeof openDatabase>>): Promise<void> {
  const composed = createModules({ db: handle, publicBaseUrl: 'http://localhost', mediaBaseUrl: '/media' });
  const ctx = composed.kernel.root;
  const related = relatedBooksService();
  if (await related.needsComputing(ctx)) {
    const result = await related.compute(ctx);
    console.log(
      `  related books computed for ${result.books} books (${result.pairs} pairs) in ${(result.ms / 1000).toFixed(1)} s`,
    );
  }
  const { search } = composed.services;
  if (await search.needsIndexing(ctx)) {
    const result = await search.reindex(ctx);
    console.log(
      `  search index: ${result.documents} documents, ${result.terms} terms in ${(result.ms / 1000).toFixed(1)} s`,
    );
  }
  await composed.close();
}

async function waitReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`not ready: ${url}\n${output()}`);
}

function spawnLogged(command: string, args: string[], env: Record<string, string>) {
  let output = '';
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  return { child, output: () => output };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** autocannon options that give each request its own path (or whole request), when the target has them */
const freshPaths = (randomPath?: () => string, fresh?: Target['request']) =>
  fresh
    ? { requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, ...fresh() }) }] }
    : randomPath
      ? { requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, path: randomPath() }) }] }
      : {};

/** CPU time (user + system, ms) a process has used so far, from /proc (0 where there is none) */
function cpuMs(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    // the fields after the command's closing parenthesis: utime and stime are the 12th and 13th
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}
/** Linux's USER_HZ: the unit of /proc's CPU times */
const CLOCK_TICKS = 100;

/** CPU used so far by each PostgreSQL process of this machine, by pid (none on PGlite, which runs in the server) */
function postgresCpuMs(): Map<number, number> {
  const used = new Map<number, number>();
  if (!adminUrl) return used;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres')
        used.set(Number(entry), cpuMs(Number(entry)));
    } catch {
      // gone meanwhile
    }
  }
  return used;
}

/** CPU the PostgreSQL processes used between two readings (a backend that exited meanwhile is left out) */
function postgresCpuSince(before: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of postgresCpuMs()) total += Math.max(0, ms - (before.get(pid) ?? 0));
  return total;
}

/** The q-th quantile of the latencies (sorted ascending), in ms. */
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

async function measure(
  url: string,
  randomPath?: () => string,
  clients = connections,
  headers?: Record<string, string>,
  serverPid?: number,
  request?: Target['request'],
) {
  // CPU per request of the server, PostgreSQL and this process (the load generator): on two
  // shared cores, what a request costs all three is what sets the throughput
  const cpuBefore = { server: cpuMs(serverPid), db: postgresCpuMs(), load: process.cpuUsage() };
  // autocannon's histogram has no p95 (the search target's percentile): every response's time is kept
  const latencies: number[] = [];
  const run = autocannon({
    url,
    connections: clients,
    duration,
    pipelining: 1,
    ...(headers ? { headers } : {}),
    ...freshPaths(randomPath, request),
  }) as Promise<autocannon.Result> & autocannon.Instance; // without a callback it is both
  run.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => latencies.push(ms));
  const result = await run;
  const served = Math.max(1, result.requests.total);
  const load = process.cpuUsage(cpuBefore.load);
  latencies.sort((a, b) => a - b);
  return {
    cpu: {
      server: (cpuMs(serverPid) - cpuBefore.server) / served,
      db: postgresCpuSince(cpuBefore.db) / served,
      load: (load.user + load.system) / 1000 / served,
    },
    rps: result.requests.average,
    p50: result.latency.p50,
    p95: quantile(latencies, 0.95),
    p97: result.latency.p97_5,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    detail: `${result.non2xx} non-2xx, ${result.timeouts} timeouts, ${result.errors - result.timeouts} socket errors`,
  };
}

/** The benchmark database, seeded once per catalogue size and kept for the next run. */
async function prepareDatabase(): Promise<Record<string, string>> {
  const started = performance.now();
  if (adminUrl) {
    const name = `nomsan_bench_${titles}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ url: url.toString() });
    await handle.migrate();
    const seeded = await seedDemoIfEmpty(handle.db, { titles, mediaDir: null, log: (m) => console.log(`  ${m}`) });
    await ensureDerivedData(handle);
    await handle.close();
    if (seeded)
      console.log(`seeded ${titles} titles on PostgreSQL in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return { DATABASE_URL: url.toString() };
  }
  const dataDir = join(ROOT, '.bench', `data-${titles}`);
  mkdirSync(dataDir, { recursive: true });
  const marker = join(dataDir, 'seeded');
  if (!existsSync(marker)) {
    const handle = await openDatabase({ dataDir: join(dataDir, 'pglite') });
    await handle.migrate();
    await seedDemoIfEmpty(handle.db, { titles, mediaDir: join(dataDir, 'media'), log: (m) => console.log(`  ${m}`) });
    await ensureDerivedData(handle);
    await handle.close();
    writeFileSync(marker, new Date().toISOString());
    console.log(`seeded ${titles} titles on PGlite in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const handle = await openDatabase({ dataDir: join(dataDir, 'pglite') });
  await handle.migrate();
  await ensureDerivedData(handle);
  await handle.close();
  return { DATA_DIR: dataDir };
}

const pad = (value: string, width: number) => value.padEnd(width);
const num = (value: number, digits = 0) => value.toFixed(digits).padStart(9);

async function main() {
  console.log(
    `Nomsan bench: ${titles} titles on ${adminUrl ? 'PostgreSQL' : 'PGlite'}, ${connections} connections, ${duration} s per endpoint`,
  );
  const dbEnv = await prepareDatabase();
  await loadCatalogueQueries(dbEnv.DATABASE_URL, dbEnv.DATA_DIR);
  await makeMembers(dbEnv.DATABASE_URL, dbEnv.DATA_DIR, 2000);
  await makeEditor(dbEnv.DATABASE_URL, dbEnv.DATA_DIR);

  const basePort = await freePort();
  const baseline = spawnLogged(process.execPath, [join(ROOT, 'bench', 'baseline-server.mjs')], {
    PORT: String(basePort),
  });
  await waitReady(`http://127.0.0.1:${basePort}/`, baseline.child, baseline.output);
  const base = await measure(`http://127.0.0.1:${basePort}/`);
  await stop(baseline.child);

  const port = await freePort();
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const server = spawnLogged(process.execPath, [...nodeArgs, join(ROOT, 'dist', 'server.js')], {
    ...dbEnv,
    PORT: String(port),
    HOST: '127.0.0.1',
    // the origin the edit timing's back-office writes come from (CSRF: a production store trusts its own)
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    NODE_ENV: 'production',
    COOKIE_SECRET: 'bench-cookie-secret-0123456789abcdef0123',
    MEDIA_SECRET: 'bench-media-secret-0123456789abcdef01234',
    SEED_DEMO: 'false',
    RATE_LIMIT_PER_MINUTE: '0',
    LOG_LEVEL: 'warn',
  });
  const rows: Array<{ name: string } & Awaited<ReturnType<typeof measure>>> = [];
  let edits: { page: number[]; search: number[] } = { page: [], search: [] };
  try {
    await waitReady(`http://127.0.0.1:${port}/readyz`, server.child, server.output);
    await walkDeskPages(`http://127.0.0.1:${port}`);
    const only = process.env.BENCH_ONLY?.split(',').map((part) => part.trim());
    const wanted = (name: string) => !only || only.some((part) => name.includes(part));
    for (const target of targets.filter((t) => wanted(t.name))) {
      // A short warm-up fills caches and JIT before the measured run, with the requests the
      // run makes (a fresh path each, where the target has them: the code they run is what
      // must be compiled, and a never-repeated query stays never repeated).
      await autocannon({
        url: `http://127.0.0.1:${port}${target.path}`,
        connections: 10,
        duration: 2,
        ...(target.headers ? { headers: target.headers } : {}),
        ...freshPaths(target.randomPath, target.request),
      });
      const url = `http://127.0.0.1:${port}${target.path}`;
      const clients = target.connections ?? connections;
      rows.push({
        name: clients === connections ? target.name : `${target.name} @${clients}`,
        ...(await measure(url, target.randomPath, clients, target.headers, server.child.pid, target.request)),
      });
    }
    if (wanted('edit visible')) {
      edits = await editVisible(
        `http://127.0.0.1:${port}`,
        Number(process.env.BENCH_EDITS ?? 20),
        Number(process.env.BENCH_EDITS_SEARCHED ?? process.env.BENCH_EDITS ?? 20),
      );
    }
  } finally {
    await stop(server.child);
    if (process.env.BENCH_SERVER_LOG) writeFileSync(process.env.BENCH_SERVER_LOG, server.output());
  }

  console.log('');
  console.log(
    `${pad('endpoint', 48)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'p97.5 ms'.padStart(10)}${'p99 ms'.padStart(9)}${'errors'.padStart(9)}${'vs base'.padStart(9)}`,
  );
  console.log(
    `${pad('bare Fastify hello-world (baseline)', 48)}${num(base.rps)}${num(base.p50, 1)}${num(base.p95, 1)}${num(base.p97, 1).padStart(10)}${num(base.p99, 1)}${num(base.errors)}${'1.00'.padStart(9)}`,
  );
  for (const row of rows) {
    console.log(
      `${pad(row.name, 48)}${num(row.rps)}${num(row.p50, 1)}${num(row.p95, 1)}${num(row.p97, 1).padStart(10)}${num(row.p99, 1)}${num(row.errors)}${num(row.rps / base.rps, 2)}`,
    );
  }
  console.log('');
  console.log(
    `${pad('CPU per request, ms', 48)}${'server'.padStart(9)}${(adminUrl ? 'postgres' : '').padStart(9)}${'load gen'.padStart(9)}`,
  );
  for (const row of rows) {
    console.log(
      `${pad(row.name, 48)}${num(row.cpu.server, 2)}${adminUrl ? num(row.cpu.db, 2) : ''.padStart(9)}${num(row.cpu.load, 2)}`,
    );
  }
  const summary = (times: number[]) =>
    `p50 ${quantile(times, 0.5).toFixed(0)} ms, max ${(times.at(-1) ?? 0).toFixed(0)} ms`;
  if (edits.page.length > 0) {
    console.log('');
    console.log(`edit visible (back office rename; target: within 2 000 ms)`);
    console.log(`  public book API, ${edits.page.length} edits: ${summary(edits.page)}`);
    if (edits.search.length > 0) console.log(`  search, ${edits.search.length} edits: ${summary(edits.search)}`);
  }
  const failed = rows.filter((row) => row.errors > 0);
  if (failed.length > 0) {
    console.error(`\nerrors on: ${failed.map((row) => `${row.name} (${row.detail})`).join(', ')}`);
    process.exitCode = 1;
  }
}

await main();
