/**
 * The fuzz suite: every operation of the OpenAPI document, fed malformed requests.
 *
 * Generated (test/fuzz.ts), from each operation's own parameters and body schema:
 *   - path parameters: ids spelled the ways a lax parser still reads ('0x10', '+1', ' 1', '1e3',
 *     '00001', '1.5', '99999999999999999999', 'NaN'…), '../', '%', '%zz', '%00' (encoded, and
 *     sometimes raw), long, Unicode and `slug:` forms, ids and uuids that exist, arbitrary text;
 *   - query strings: each documented parameter absent, valid, of the wrong type, out of range or
 *     repeated (`a=1&a=2`), bracket forms, unknown names, broken escapes (`%=1`, `a=%E0%A4%A`),
 *     long values;
 *   - bodies: the documented object with fields of the wrong type, extra, duplicate, `__proto__`
 *     and `constructor` keys; random JSON; deep nesting; invalid JSON; an empty JSON body; other
 *     content types; a body over the size limit;
 *   - multipart bodies (an operation that takes only `multipart/form-data`): each documented part
 *     as a file or a plain field, missing, repeated or unknown parts, files of JSON lines per the
 *     part's `x-line-schema` (mostly right, now and then a bad line or line ending), broken
 *     framing, a type without or with another boundary;
 *   - sent anonymously from the site, as member A (session cookie from the site, or bearer
 *     token), as a staff owner (the back office's session cookie), or with a garbage bearer token. Member B exists so that another member's phone,
 *     e-mail and devices are among the values.
 *
 * Asserted for every request:
 *   1. it is answered (a throw out of `inject` is a crash of the server process), and below 500;
 *   2. 400 and above come with exactly `{ error: { code, message, fields? } }`, the message in
 *      Mongolian (Cyrillic);
 *   3. a refused request (400 and above) changes nothing in the database;
 *   4. a request the document's own schemas refuse ('0x10' for an integer id, an unknown body
 *      key, a repeated parameter…) is not accepted: the server may be stricter, never looser;
 *   5. a request carrying member B's phone, e-mail or device is answered like the same request
 *      with a value nobody has (same status and code): A learns nothing about B's account.
 * And once: every operation of the document was fuzzed, and the server still answers /healthz.
 *
 * FUZZ_SEED: a number replays a run (default 20261124, so CI is reproducible); `random` picks
 * one and prints it. FUZZ_RUNS: requests per operation. The app logs through pino (into a null
 * stream) with the server's serializers, which run on every request as in production.
 */
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import fc from 'fast-check';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sql } from '@nomsan/db/orm';
import { logOptions } from './log-options';
import {
  cookiesOf,
  createAccountsApp,
  freshIp,
  freshPhone,
  fromSite,
  lastCode,
  registerByPhone,
  signIn,
  type Registered,
} from './test/accounts';
import { fingerprinter, watchState } from './test/db-fingerprint';
import { saveCardAtGolomt } from './test/payments';
import { staffWith } from './test/staff';
import { STAFF_COOKIE } from '@nomsan/contracts/staff';
import {
  describeExchange,
  fuzzSettings,
  operationKeysOf,
  operationsOf,
  rememberUuids,
  requestsFor,
  seedFor,
  type Corpus,
  type FuzzRequest,
  type OpenApiDocument,
  type Operation,
  type SentRequest,
  whyTheDocumentRefuses,
} from './test/fuzz';

/** Requests per operation: about 17 s of fuzzing on PGlite on two cores (15 s on PostgreSQL). */
const DEFAULT_RUNS = 100;
const settings = fuzzSettings(process.env, DEFAULT_RUNS);
console.log(
  `fuzz: seed ${settings.seed}${settings.random ? ` (random: replay with FUZZ_SEED=${settings.seed})` : ''}, ${settings.runs} requests per operation`,
);

const discard = new Writable({ write: (_chunk, _encoding, done) => done() });
const t = await createAccountsApp({
  logger: pino({ level: 'info', ...logOptions }, discard),
  // the rails' sandboxes, so that member A's purchases reach the rails like a member's do
  payments: { sandbox: true },
});
afterAll(() => t.close());

let memberA = await registerByPhone(t.app, { name: 'Гишүүн А' });
const memberB = await registerByPhone(t.app, { name: 'Гишүүн Б' });
// Equal lengths, so that a length check cannot tell them apart.
const emailOfB = `b-${process.pid}@example.mn`;
const nobodysEmail = `n-${process.pid}@example.mn`;
await addVerifiedEmail(memberB, emailOfB);

const books = await t.app.inject('/v5/books?page[size]=3');
const someBooks = z
  .object({ data: z.object({ data: z.array(z.object({ id: z.number(), slug: z.string() })).min(1) }) })
  .parse(books.json()).data.data;

const corpus: Corpus = {
  ids: ['1', '2', String(memberA.userId), String(memberB.userId), ...someBooks.map((book) => String(book.id))],
  slugs: someBooks.map((book) => `slug:${book.slug}`),
  uuids: [memberA.deviceId, memberB.deviceId],
  seenUuids: [],
  emails: [emailOfB],
  phones: [memberB.phone],
  ...(await objectsOfMemberA()),
};

/**
 * Member A as a paying member: credits, a saved card, a bill left to pay, a subscription left
 * to pay, and the demo's codes, so that fuzzed money requests name real objects and get past
 * the look-ups (a refused request must write nothing on every path, not only the first check).
 */
async function objectsOfMemberA(): Promise<Pick<Corpus, 'objects' | 'numbers'>> {
  const { services, kernel } = t.app.modules!;
  await services.credits.add(kernel.root, {
    userId: memberA.userId,
    credits: 30,
    kind: 'bonus',
    description: 'fuzz',
    entryKey: `fuzz:${memberA.userId}`,
  });
  const card = await saveCardAtGolomt(t.app, memberA);
  const headers = { authorization: `Bearer ${memberA.token}`, 'idempotency-key': randomUUID() };
  const bill = await t.app.inject({
    method: 'POST',
    url: `/v6/purchase/book/${someBooks[0]!.id}`,
    headers,
    payload: { format: 'ebook', method: 'mnt', rail: 'qpay' },
  });
  const plans = z
    .object({ data: z.array(z.object({ id: z.number() })) })
    .parse((await t.app.inject('/v6/subscription/plans?platform=local')).json()).data;
  const packs = z
    .object({ data: z.array(z.object({ id: z.number() })) })
    .parse((await t.app.inject('/v5/credit/packs')).json()).data;
  const subscription = await t.app.inject({
    method: 'POST',
    url: '/v4/billing/subscriptions',
    headers: { ...headers, 'idempotency-key': randomUUID() },
    payload: { plan_id: plans[0]!.id, rail: 'qpay' },
  });
  const named = [bill, subscription].flatMap((answer) => {
    const data = answer.json().data as
      { invoice?: { id: string }; payment?: { id: string } | null; subscription_id?: string } | undefined;
    return [data?.invoice?.id, data?.payment?.id, data?.subscription_id].filter((id): id is string => Boolean(id));
  });
  return {
    objects: [card, ...named, 'NOMSAN2026', 'AUDIO7', 'SONSOH50'],
    numbers: [...plans.map((plan) => plan.id), ...packs.map((pack) => pack.id)],
  };
}

/** Member B's values, and a value of the same shape that nobody has. */
const ownedByB: [string, string][] = [
  [emailOfB, nobodysEmail],
  [memberB.phone, freshPhone()],
  [memberB.deviceId, randomUUID()],
];

// The clock moves past the code and sign-in windows member B's registration opened, so B's
// phone starts out like a phone nobody has used.
t.clock.advance(2 * 60 * 60_000);

// An owner of the back office, signed in after the clock moved (a staff session ends idle)
let staffOwner = await staffWith(t.app, ['owner'], 'Фаззын эзэн');
corpus.ids.push(String(staffOwner.staffId));

const watch = await watchState(
  t.db,
  await fingerprinter(t.db, [
    {
      table: 'identity_session',
      columns: ['last_seen_at'],
      why: 'a signed-in request records activity (at most once a minute) before its route refuses it',
    },
    {
      table: 'staff_session',
      columns: ['last_seen_at'],
      why: 'a staff request records activity (at most once a minute) before its route refuses it',
    },
    {
      table: 'identity_otp_challenge',
      columns: ['attempts'],
      why: 'refusing a wrong code is counting it against its challenge (5 tries)',
    },
    {
      table: 'search_query_log',
      why: 'written by a timer up to a second after the search it records, so a row of an accepted search can land during a later refused request; counted instead (below)',
    },
    {
      table: 'search_query_day',
      why: 'the per-day rollup of search_query_log, kept by its trigger as the log is written',
    },
  ]),
);
let acceptedSearches = 0;

// swagger() is typed as any OpenAPI version; this app's document is OpenAPI 3 (app.test.ts).
const document = t.app.swagger() as unknown as OpenApiDocument;
const operations = operationsOf(document);
const fuzzed = new Set<string>();

const errorEnvelope = z.strictObject({
  error: z.strictObject({ code: z.string(), message: z.string(), fields: z.record(z.string(), z.string()).optional() }),
});
const CYRILLIC = /[\u0400-\u04FF]/;
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function headersOf(request: FuzzRequest): Record<string, string> {
  const { sender } = request;
  const who =
    sender.as === 'cookie'
      ? fromSite(memberA.jar)
      : sender.as === 'bearer'
        ? { authorization: `Bearer ${memberA.token}` }
        : sender.as === 'garbage-bearer'
          ? { authorization: sender.authorization }
          : sender.as === 'staff'
            ? fromSite({ [STAFF_COOKIE]: staffOwner.cookie.slice(STAFF_COOKIE.length + 1) })
            : fromSite();
  const type = request.body?.contentType;
  return { ...who, ...request.headers, ...(type ? { 'content-type': type } : {}) };
}

interface Outcome {
  status: number;
  /** the error code, or `ok` */
  code: string;
  report: string;
}

/** The way a member adds an address: a code sent to it, then verified. */
async function addVerifiedEmail(member: Registered, email: string): Promise<void> {
  const headers = { authorization: `Bearer ${member.token}` };
  const sent = await t.app.inject({
    method: 'POST',
    url: '/v4/auth/otp',
    headers,
    payload: { purpose: 'verify_email', email },
  });
  if (sent.statusCode !== 200) throw new Error(`code for ${email}: ${sent.statusCode} ${sent.body}`);
  const verified = await t.app.inject({
    method: 'POST',
    url: '/v4/auth/otp:verify',
    headers,
    payload: {
      challenge_id: z.object({ data: z.object({ challenge_id: z.string() }) }).parse(sent.json()).data.challenge_id,
      purpose: 'verify_email',
      code: await lastCode(t.app, email),
    },
  });
  if (verified.statusCode !== 200) throw new Error(`verifying ${email}: ${verified.statusCode} ${verified.body}`);
}

/** Member A signed out by an accepted request (sign-out, a device revoked): signs in again. */
async function keepMemberASignedIn(): Promise<void> {
  const me = await t.app.inject({ url: '/api/user', headers: { authorization: `Bearer ${memberA.token}` } });
  if (me.statusCode === 200) return;
  let again = await signIn(t.app, memberA.phone, memberA.password);
  if (again.statusCode === 429) {
    // Signing A in after every fuzzed sign-out passes the per-account limit; let it lapse.
    t.clock.advance(Number(again.headers['retry-after'] ?? 900) * 1000);
    again = await signIn(t.app, memberA.phone, memberA.password);
  }
  if (again.statusCode !== 200) throw new Error(`member A cannot sign in again: ${again.statusCode} ${again.body}`);
  const data = z
    .object({ data: z.object({ access_token: z.string(), device_id: z.string() }) })
    .parse(again.json()).data;
  memberA = { ...memberA, token: data.access_token, deviceId: data.device_id, jar: cookiesOf(again) };
  corpus.uuids.push(data.device_id);
}

/**
 * The staff owner signed out (an accepted sign-out) or timed out (the clock moved): another is
 * made, and the state taken anew, so the next request is compared with the state after it.
 */
async function keepStaffSignedIn(): Promise<void> {
  if ((await t.app.inject({ url: '/api/staff/me', headers: staffOwner.headers })).statusCode === 200) return;
  staffOwner = await staffWith(t.app, ['owner'], 'Фаззын эзэн');
  await watch.rebase();
}

/** Sends one request and checks what every answer must be; throws the exchange on a violation. */
async function send(operation: Operation, request: FuzzRequest): Promise<Outcome> {
  fuzzed.add(operation.key);
  if (request.sender.as === 'staff') await keepStaffSignedIn();
  const sent: SentRequest = {
    method: request.method,
    url: request.url,
    headers: headersOf(request),
    payload: request.body?.text,
    remoteAddress: freshIp(),
  };
  // Earlier operations shape the state, so the whole file replays exactly; `-t` comes close.
  const replay = `replay: FUZZ_SEED=${settings.seed} npx vitest run apps/api/src/fuzz.test.ts [-t '${operation.key}']`;
  const fail = (problem: string, answer: Parameters<typeof describeExchange>[1]): never => {
    throw new Error(`${operation.key}: ${problem}\n${describeExchange(sent, answer)}\n${replay}`);
  };

  let response;
  try {
    response = await t.app.inject(sent);
  } catch (error) {
    await watch.rebase();
    return fail('no answer: the request threw (in production, out of the request handler: the process dies)', {
      threw: error,
    });
  }
  const answer = { status: response.statusCode, headers: response.headers, body: response.body };
  const accepted = response.statusCode < 400;
  // Before anything can fail, so that the next request is compared with the state after this one.
  let changed: string[] = [];
  if (accepted) {
    if (operation.key === 'GET /v5/discovery/search') acceptedSearches += 1;
    rememberUuids(corpus, response.body);
    try {
      if (UNSAFE.has(request.method) && (request.sender.as === 'cookie' || request.sender.as === 'bearer')) {
        await keepMemberASignedIn();
      }
    } finally {
      await watch.rebase();
    }
  } else {
    changed = await watch.changes();
  }

  if (response.statusCode >= 500) fail(`answered ${response.statusCode}`, answer);
  if (accepted) {
    const refusedByDocument = whyTheDocumentRefuses(operation, sent);
    if (refusedByDocument) fail(`accepted a request its own document refuses: ${refusedByDocument}`, answer);
    return { status: response.statusCode, code: 'ok', report: describeExchange(sent, answer) };
  }
  let json: unknown;
  try {
    json = JSON.parse(response.body);
  } catch {
    fail('an error answer that is not JSON', answer);
  }
  const parsed = errorEnvelope.safeParse(json);
  if (!parsed.success) return fail(`not the error envelope: ${z.prettifyError(parsed.error)}`, answer);
  if (!CYRILLIC.test(parsed.data.error.message)) fail('an error message that is not in Mongolian', answer);
  if (changed.length > 0) fail(`refused, yet the database changed:\n  ${changed.join('\n  ')}`, answer);
  return { status: response.statusCode, code: parsed.data.error.code, report: describeExchange(sent, answer) };
}

/** The same request with member B's values replaced by ones nobody has; undefined if it has none. */
function withNobodysValues(request: FuzzRequest): FuzzRequest | undefined {
  let { url } = request;
  let text = request.body?.text;
  for (const [theirs, nobodys] of ownedByB) {
    for (const [from, to] of [
      [theirs, nobodys],
      [encodeURIComponent(theirs), encodeURIComponent(nobodys)],
    ] as const) {
      url = url.replaceAll(from, to);
      text = text?.replaceAll(from, to);
    }
  }
  if (url === request.url && text === request.body?.text) return undefined;
  return { ...request, url, body: request.body && { ...request.body, text: text ?? '' } };
}

describe('fuzzing every operation of the OpenAPI document', () => {
  it('watches the state: a write is seen, the columns it leaves out are not', async () => {
    await watch.rebase();
    await t.db.db.execute(
      sql`update identity_session set last_seen_at = last_seen_at + interval '1 second' where id = ${memberB.deviceId}`,
    );
    expect(await watch.changes()).toEqual([]);
    await t.db.db.execute(sql`update identity_user set name = name || '!' where id = ${memberB.userId}`);
    expect(await watch.changes()).toEqual([expect.stringMatching(/^identity_user: /)]);
    await t.db.db.execute(sql`update identity_user set name = left(name, -1) where id = ${memberB.userId}`);
    expect(await watch.changes()).toEqual([expect.stringMatching(/^identity_user: /)]);
  });

  it.each(operations.map((operation) => [operation.key, operation] as const))(
    '%s',
    async (_key, operation) => {
      await fc.assert(
        fc.asyncProperty(requestsFor(operation, corpus), async (request) => {
          const theirs = await send(operation, request);
          const twin = withNobodysValues(request);
          if (!twin) return;
          const nobodys = await send(operation, twin);
          if (theirs.status !== nobodys.status || theirs.code !== nobodys.code) {
            throw new Error(
              `${operation.key}: member B's value answered ${theirs.status} ${theirs.code}, a value nobody has ${nobodys.status} ${nobodys.code}: the answer tells whether B has it\n` +
                `with B's value:\n${theirs.report}\nwith nobody's:\n${nobodys.report}`,
            );
          }
        }),
        { seed: seedFor(settings.seed, operation.key), numRuns: settings.runs },
      );
    },
    600_000,
  );

  it('fuzzed every operation of the document', () => {
    console.log(`fuzz: ${watch.stats.fingerprints} fingerprints taken, ${watch.stats.skipped} skipped (no write)`);
    const documented = operationKeysOf(document);
    console.log(`fuzz: ${fuzzed.size} operations covered of ${documented.length}`);
    expect(documented.length).toBeGreaterThan(0);
    expect([...fuzzed].sort()).toEqual(documented.sort());
  });

  it('recorded no more searches than it accepted', async () => {
    // the log is written by a one-second timer
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const { rows } = await t.db.db.execute(sql.raw('select count(*)::int as n from search_query_log'));
    const recorded = Number((rows[0] as { n: number }).n);
    console.log(`fuzz: ${recorded} searches recorded, ${acceptedSearches} accepted`);
    expect(recorded).toBeLessThanOrEqual(acceptedSearches);
  });

  it('still answers /healthz after all of it', async () => {
    const health = await t.app.inject('/healthz');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
  });
});
