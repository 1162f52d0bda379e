import fc from 'fast-check';

// The OpenAPI document, as far as the fuzzer reads it ----------------------------------------

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  /** OpenAPI 3.0 writes a boolean beside `minimum`; JSON Schema, the bound itself */
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  additionalProperties?: boolean | JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  nullable?: boolean;
  /** a text of JSON lines (a multipart file part): the schema of each line, which ends in CRLF */
  'x-line-schema'?: JsonSchema;
}

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation | undefined>>;
}

const OPENAPI_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
/** what `inject` can send: every OpenAPI method but TRACE */
const HTTP_METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** `METHOD /path` of every operation of the document, read independently of what can be fuzzed. */
export function operationKeysOf(document: OpenApiDocument): string[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((name) => OPENAPI_METHODS.includes(name))
      .map((name) => `${name.toUpperCase()} ${path}`),
  );
}

export interface Operation {
  /** `GET /v4/books/{id}`: the document's own path */
  key: string;
  method: HttpMethod;
  path: string;
  pathParams: OpenApiParameter[];
  queryParams: OpenApiParameter[];
  headerParams: OpenApiParameter[];
  /** the body's schema (JSON, or a multipart body's parts by name); absent when the operation declares no body */
  body: JsonSchema | undefined;
  /** `multipart`: the document takes only `multipart/form-data` */
  bodyType: 'json' | 'multipart';
  bodyRequired: boolean;
}

/** Every path × method of the document, with the parameters and body it declares. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [name, operation] of Object.entries(item)) {
      const method = name.toUpperCase() as HttpMethod;
      if (!operation || !HTTP_METHODS.includes(method)) continue;
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      const multipart = content['multipart/form-data'] !== undefined && content['application/json'] === undefined;
      operations.push({
        key: `${method} ${path}`,
        method,
        path,
        pathParams: parameters.filter((p) => p.in === 'path'),
        queryParams: parameters.filter((p) => p.in === 'query'),
        headerParams: parameters.filter((p) => p.in === 'header'),
        body:
          content[multipart ? 'multipart/form-data' : 'application/json']?.schema ??
          (operation.requestBody ? {} : undefined),
        bodyType: multipart ? 'multipart' : 'json',
        bodyRequired: operation.requestBody?.required === true,
      });
    }
  }
  return operations;
}

// Seed and size of a run ----------------------------------------------------------------------

export const DEFAULT_SEED = 20261124;

export interface FuzzSettings {
  seed: number;
  /** picked at random for this run: print it, or the run cannot be replayed */
  random: boolean;
  runs: number;
}

/** FUZZ_SEED (a number, or `random`) and FUZZ_RUNS; a fixed seed by default, so CI replays. */
export function fuzzSettings(env: NodeJS.ProcessEnv, defaultRuns: number): FuzzSettings {
  const seedText = env.FUZZ_SEED?.trim() ?? '';
  const random = seedText === 'random';
  // fast-check seeds are 32-bit integers
  const seed = random ? Math.floor(Math.random() * 2 ** 31) : seedText ? Number(seedText) : DEFAULT_SEED;
  if (!Number.isInteger(seed) || seed < -(2 ** 31) || seed >= 2 ** 31) {
    throw new Error(`FUZZ_SEED must be a 32-bit integer or "random", not "${seedText}"`);
  }
  const runs = env.FUZZ_RUNS ? Number(env.FUZZ_RUNS) : defaultRuns;
  if (!Number.isInteger(runs) || runs < 1)
    throw new Error(`FUZZ_RUNS must be a positive integer, not "${env.FUZZ_RUNS}"`);
  return { seed, random, runs };
}

/** One seed per operation, from the run's seed and the operation's name: adding one moves no other. */
export function seedFor(seed: number, key: string): number {
  let hash = seed | 0;
  for (const char of key) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

// What the requests are built from ------------------------------------------------------------

/**
 * Values that exist in the database under test, so that some generated requests reach real rows:
 * both members' devices, member B's phone and e-mail, catalogue ids and slugs, and the uuids seen
 * in accepted answers (code challenges, new devices). Read when a request is generated, so it
 * grows during the run.
 */
export interface Corpus {
  ids: string[];
  slugs: string[];
  uuids: string[];
  /** uuids of accepted answers, the latest 64 */
  seenUuids: string[];
  emails: string[];
  phones: string[];
  /**
   * member A's own objects as the API names them (a saved card, invoices, payments, a
   * subscription, codes) and the numbers of real plans and packs: requests that name them get
   * past the look-ups, to where a refusal could leave a write behind
   */
  objects: string[];
  numbers: number[];
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** Remembers the uuids of an accepted answer (a code's challenge, a new device). */
export function rememberUuids(corpus: Corpus, body: string): void {
  for (const found of body.match(UUID) ?? []) {
    if (!corpus.seenUuids.includes(found) && !corpus.uuids.includes(found)) corpus.seenUuids.push(found);
  }
  corpus.seenUuids.splice(0, Math.max(0, corpus.seenUuids.length - 64));
}

/** A value of the corpus, picked when the request is generated. */
const fromCorpus = (pick: (corpus: Corpus) => string[], corpus: Corpus) =>
  fc.nat().map((n) => {
    const values = pick(corpus);
    return values.length ? (values[n % values.length] ?? '') : '';
  });
const someUuid = (corpus: Corpus) => fromCorpus((c) => [...c.uuids, ...c.seenUuids], corpus);

/** Absent one time in `n`; shrinks towards absent. */
const absentOneIn = <T>(arbitrary: fc.Arbitrary<T>, n: number) => fc.option(arbitrary, { nil: undefined, freq: n });

/** Present one time in `n`; shrinks towards absent. */
const presentOneIn = <T>(arbitrary: fc.Arbitrary<T>, n: number): fc.Arbitrary<T | undefined> =>
  fc.oneof({ withCrossShrink: true }, { weight: n - 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary });

/** How ids are spelled wrong: each would be read as a number by a lax parser. */
const HOSTILE_NUMBERS = [
  '0x10',
  '+1',
  ' 1',
  '1 ',
  '1e3',
  '-1',
  '0',
  '-0',
  '00001',
  '1.5',
  '1.0',
  '99999999999999999999',
  '2147483648',
  '9007199254740993',
  'NaN',
  'Infinity',
  '0b1',
  '0o7',
  '1_000',
  '１２',
  '٣',
];

/** Traversal, escapes, NUL, words parsers treat specially, slug look-alikes, injections, long text. */
const HOSTILE_TEXT = [
  '',
  ' ',
  '../',
  '..',
  '.',
  '%',
  '%zz',
  '%00',
  '\u0000',
  '\n',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'slug:',
  'slug:Ном',
  'slug:../x',
  'slug:UPPER',
  `slug:${'a'.repeat(121)}`,
  'slug:a b',
  "'; drop table identity_user; --",
  '<script>alert(1)</script>',
  '\u202eevil',
  'Номын сан',
  '😀'.repeat(50),
  'ж'.repeat(3000),
  'a'.repeat(10_000),
];

/** Already-escaped text, sent as is: broken and surprising percent-escapes. */
const RAW_ESCAPES = ['%', '%zz', '%00', '%201', '%2e%2e', '%2F', '%5C', '%C0%AF', '%FF', '%E0%A4%A', '%%', '%u0041'];

/** Text for a URL: percent-encoded, or sent raw (only when a client could send it so). */
interface UrlText {
  text: string;
  raw: boolean;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// visible ASCII but `#`: a space or a control character cannot be in a request target, `#` ends it
const SENDABLE_RAW = /^[\x21-\x22\x24-\x7e]*$/;

function urlText({ text, raw }: UrlText): string {
  if (raw && SENDABLE_RAW.test(text)) return text;
  return encodeURIComponent(text.replace(LONE_SURROGATE, '\uFFFD'));
}

const arbitraryText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

/** A value as text (path, query, header), from the parameter's schema: often right, often not. */
function textFor(schema: JsonSchema | undefined, name: string, corpus: Corpus): fc.Arbitrary<string> {
  return fc.oneof(
    // more often right than wrong, so that requests with several values still get past validation
    { weight: 12, arbitrary: validText(schema, name, corpus) },
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
    { weight: 1, arbitrary: outOfRange(schema) },
    {
      weight: 1,
      arbitrary: fc.oneof(
        fromCorpus((c) => c.ids, corpus),
        fromCorpus((c) => c.slugs, corpus),
      ),
    },
    { weight: 1, arbitrary: someUuid(corpus) },
    { weight: 1, arbitrary: fromCorpus((c) => c.objects, corpus) },
    { weight: 1, arbitrary: arbitraryText },
  );
}

function outOfRange(schema: JsonSchema | undefined): fc.Arbitrary<string> {
  const bounds = [schema?.minimum, schema?.maximum].filter((n): n is number => typeof n === 'number');
  const values = bounds.flatMap((n) => [n - 1, n + 1, n * 10]).map(String);
  return values.length ? fc.constantFrom(...values) : fc.constantFrom('-1', '0', '100001');
}

/** What the schema accepts, as text; a schema it cannot read gives arbitrary text. */
function validText(schema: JsonSchema | undefined, name: string, corpus: Corpus): fc.Arbitrary<string> {
  return validJson(schema ?? {}, name, corpus).map((value) =>
    typeof value === 'string' ? value : (JSON.stringify(value) ?? ''),
  );
}

function patternOf(schema: JsonSchema): fc.Arbitrary<string> | undefined {
  if (!schema.pattern) return undefined;
  try {
    const { minLength = 0, maxLength = Infinity } = schema;
    return fc
      .stringMatching(new RegExp(schema.pattern), { size: 'small' })
      .filter((text) => text.length >= minLength && text.length <= maxLength);
  } catch {
    return undefined;
  }
}

const typesOf = (schema: JsonSchema) => (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []);

/** A JSON value the schema accepts, as well as a generator can tell; plausible values by field name. */
function validJson(schema: JsonSchema, name: string, corpus: Corpus, depth = 0): fc.Arbitrary<unknown> {
  const nonNull = validNonNull(schema, name, corpus, depth);
  return schema.nullable ? fc.oneof(fc.constant(null), nonNull) : nonNull;
}

function validNonNull(schema: JsonSchema, name: string, corpus: Corpus, depth: number): fc.Arbitrary<unknown> {
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((each) => validJson(each, name, corpus, depth)));
  if (schema.allOf?.[0]) return validJson(schema.allOf[0], name, corpus, depth);
  const type = typesOf(schema)[0] ?? (schema.properties ? 'object' : undefined);
  switch (type) {
    case 'string':
      return validString(schema, name, corpus);
    case 'integer':
    case 'number': {
      const { exclusiveMinimum, exclusiveMaximum } = schema;
      const lowest = Math.max(
        (schema.minimum ?? -1_000_000) + (exclusiveMinimum === true ? 1 : 0),
        typeof exclusiveMinimum === 'number' ? exclusiveMinimum + 1 : Number.MIN_SAFE_INTEGER,
      );
      const highest = Math.min(
        (schema.maximum ?? 1_000_000) - (exclusiveMaximum === true ? 1 : 0),
        typeof exclusiveMaximum === 'number' ? exclusiveMaximum - 1 : Number.MAX_SAFE_INTEGER,
      );
      const min = Math.ceil(lowest);
      const max = Math.max(min, Math.floor(highest));
      // small ids exist in most tables; the whole range mostly finds nothing; real plans and packs
      const real = corpus.numbers.filter((n) => n >= min && n <= max);
      return fc.oneof(
        fc.integer({ min, max: Math.min(max, min + 50) }),
        fc.integer({ min, max }),
        ...(real.length ? [fc.constantFrom(...real)] : []),
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return depth > 3
        ? fc.constant([])
        : fc.array(validJson(schema.items ?? {}, name, corpus, depth + 1), { maxLength: 4 });
    case 'object': {
      if (depth > 3) return fc.constant({});
      const properties = Object.entries(schema.properties ?? {});
      return fc.record(
        Object.fromEntries(properties.map(([key, each]) => [key, validJson(each, key, corpus, depth + 1)])),
        { requiredKeys: schema.required ?? [] },
      );
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/**
 * Now and then a NUL, a control character or a lone surrogate inside: still a JSON string, not
 * all of it text PostgreSQL can store.
 */
const withOddCharacter = (strings: fc.Arbitrary<string>) =>
  fc.oneof(
    { weight: 5, arbitrary: strings },
    {
      weight: 1,
      arbitrary: fc
        .tuple(strings, fc.nat(), fc.constantFrom('\u0000', '\u0001', '\u001b', '\u2028', '\uffff', '\ud800'))
        .map(
          ([text, at, odd]) => `${text.slice(0, at % (text.length + 1))}${odd}${text.slice(at % (text.length + 1))}`,
        ),
    },
  );

function validString(schema: JsonSchema, name: string, corpus: Corpus): fc.Arbitrary<string> {
  return withOddCharacter(plausibleString(schema, name, corpus));
}

/** What the schema accepts, and by the field's name what a client would send: someone's phone, an address. */
function plausibleString(schema: JsonSchema, name: string, corpus: Corpus): fc.Arbitrary<string> {
  const lower = name.toLowerCase();
  if (schema.format === 'uuid') return fc.oneof(fc.uuid(), someUuid(corpus));
  // someone's address or number more often than not: that is where one member can learn of another
  if (schema.format === 'email' || lower.includes('email')) {
    return fc.oneof(
      { weight: 2, arbitrary: fromCorpus((c) => c.emails, corpus) },
      { weight: 1, arbitrary: fc.emailAddress() },
    );
  }
  if (lower.includes('phone')) {
    return fc.oneof(
      { weight: 2, arbitrary: fromCorpus((c) => c.phones, corpus) },
      { weight: 1, arbitrary: fc.stringMatching(/^9\d{7}$/) },
    );
  }
  if (lower === 'login') {
    return fc.oneof(
      fromCorpus((c) => c.phones, corpus),
      fromCorpus((c) => c.emails, corpus),
      fc.emailAddress(),
    );
  }
  if (schema.format === 'uri') {
    return fc.constantFrom(
      'https://cdn.nomsan.mn/avatar.jpg',
      'javascript:alert(1)',
      'http://127.0.0.1:5432/',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
    );
  }
  // a field naming an object (`card_id`, `invoice_id`, `code`) names one of member A's often
  if (/(^|_)id$|code/.test(lower) && corpus.objects.length > 0) {
    const mine = fromCorpus((c) => c.objects, corpus);
    const other =
      patternOf(schema) ?? fc.string({ minLength: schema.minLength ?? 0, maxLength: schema.maxLength ?? 40 });
    return fc.oneof({ weight: 2, arbitrary: mine }, { weight: 1, arbitrary: other });
  }
  const matching = patternOf(schema);
  if (matching) return matching;
  const minLength = schema.minLength ?? 0;
  const constraints = { minLength, maxLength: Math.max(minLength, Math.min(schema.maxLength ?? 40, 80)) };
  return fc.oneof(
    { weight: 3, arbitrary: fc.string(constraints) },
    { weight: 1, arbitrary: fc.string({ ...constraints, unit: 'binary' }) },
  );
}

/** JSON of the wrong kind for any field. */
const wrongJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(...HOSTILE_NUMBERS, ...HOSTILE_TEXT),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
  fc.constant('ж'.repeat(100_000)),
);

// Requests ------------------------------------------------------------------------------------

/** Who sends a request: a visitor from the site, member A (site cookie or app token), or a forger. */
/** who sends a request: nobody, member A (site cookie or app token), a staff owner (the back office's cookie), or a garbage token */
export type Sender =
  { as: 'anonymous' | 'cookie' | 'bearer' | 'staff' } | { as: 'garbage-bearer'; authorization: string };

interface RequestBody {
  /** absent: no Content-Type header at all */
  contentType: string | undefined;
  text: string;
}

/** One generated request; the sender's credentials are added when it is sent. */
export interface FuzzRequest {
  method: HttpMethod;
  url: string;
  headers: Record<string, string>;
  body: RequestBody | undefined;
  sender: Sender;
}

const JSON_TYPES = ['application/json', 'application/json; charset=utf-8', 'Application/JSON'];

/** `{"a":1,"a":2}`-style text: keys may repeat and may be `__proto__`, which an object cannot hold. */
function objectText(entries: [string, unknown][]): string {
  return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}`).join(',')}}`;
}

const EXTRA_KEYS = ['__proto__', 'constructor', 'prototype', 'isAdmin', 'role', 'user_id', 'id', ''];
const POLLUTION: unknown[] = [{ isAdmin: true }, { prototype: { isAdmin: true } }, { toString: 'x' }, null];

/**
 * The documented object, mostly right so that it gets past validation now and then: fields of
 * the wrong type, missing, extra and duplicate keys, `__proto__` and `constructor`.
 */
function documentedBody(schema: JsonSchema, corpus: Corpus): fc.Arbitrary<string> {
  const properties = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const field = ([key, each]: [string, JsonSchema]) =>
    absentOneIn(
      fc.oneof({ weight: 5, arbitrary: validJson(each, key, corpus) }, { weight: 1, arbitrary: wrongJson }),
      required.has(key) ? 10 : 2,
    );
  const extra = fc.tuple(
    fc.oneof(fc.constantFrom(...EXTRA_KEYS), fc.string({ maxLength: 10 })),
    fc.oneof(fc.constantFrom(...POLLUTION), fc.jsonValue({ maxDepth: 2 })),
  );
  const extras = presentOneIn(fc.array(extra, { minLength: 1, maxLength: 2 }), 4);
  return fc.tuple(fc.tuple(...properties.map(field)), extras, fc.nat(5)).map(([values, added, repeat]) => {
    const entries: [string, unknown][] = [];
    properties.forEach(([key], i) => {
      if (values[i] !== undefined) entries.push([key, values[i]]);
    });
    if (repeat === 0 && entries[0]) entries.push([entries[0][0], 1]);
    return objectText([...entries, ...(added ?? [])]);
  });
}

const INVALID_JSON = [
  '{',
  '{"a":',
  'nul',
  "{'a':1}",
  '[1,]',
  '{"a":1}}',
  '\u0000',
  '{"a":NaN}',
  '{"a":01}',
  '"\\u12"',
  '\uFEFF{}',
];
const HUGE_BODY = `{"name":"${'ж'.repeat(600_000)}"}`;

/** Bodies for an operation that declares one (or does not: then sometimes none is sent). */
function bodyFor(operation: Operation, corpus: Corpus): fc.Arbitrary<RequestBody | undefined> {
  const json = (text: fc.Arbitrary<string>) =>
    fc.tuple(fc.constantFrom(...JSON_TYPES), text).map(([contentType, body]) => ({ contentType, text: body }));
  const kinds = fc.oneof(
    { weight: 8, arbitrary: json(documentedBody(operation.body ?? {}, corpus)) },
    { weight: 1, arbitrary: json(fc.json({ maxDepth: 3 })) },
    { weight: 1, arbitrary: json(fc.oneof(fc.constantFrom(...INVALID_JSON), fc.string({ maxLength: 20 }))) },
    { weight: 1, arbitrary: json(fc.constant('')) },
    {
      weight: 1,
      arbitrary: fc.record({
        contentType: fc.constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=fuzz',
          'application/xml',
          'application/json; charset=utf-16',
          'application/json; charset=latin1',
          'application/jsonx',
          undefined,
        ),
        text: fc.oneof(
          documentedBody(operation.body ?? {}, corpus),
          fc.constantFrom(
            'a=1&b=2',
            '--fuzz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--fuzz--\r\n',
            '<a/>',
          ),
        ),
      }),
    },
    {
      weight: 1,
      arbitrary: json(
        fc
          .tuple(fc.integer({ min: 1_000, max: 100_000 }), fc.constantFrom(['[', ']'], ['{"a":', '}']))
          .map(([depth, [open, close]]) => `${open.repeat(depth)}${open === '[' ? '' : '1'}${close.repeat(depth)}`),
      ),
    },
    { weight: 1, arbitrary: json(fc.constant(HUGE_BODY)) },
  );
  if (operation.bodyType === 'multipart') {
    return fc.oneof(
      { weight: 6, arbitrary: multipartBody(operation.body ?? {}, corpus) },
      { weight: 1, arbitrary: kinds },
    );
  }
  if (operation.body) return kinds;
  if (operation.method === 'GET' || operation.method === 'HEAD') return fc.constant(undefined);
  return presentOneIn(kinds, 4);
}

// Multipart bodies ------------------------------------------------------------------------------

const BOUNDARIES = ['fuzzboundary', '----WebKitFormBoundary7MA4YWxkTrZu0gW', 'a', "b'c(d)"];

/** A text of JSON lines for a part with `x-line-schema`: mostly valid lines ending in CRLF, now and then not. */
function linesText(lineSchema: JsonSchema, corpus: Corpus): fc.Arbitrary<string> {
  const line = fc.oneof(
    { weight: 30, arbitrary: validJson(lineSchema, 'line', corpus).map((value) => JSON.stringify(value) ?? 'null') },
    { weight: 1, arbitrary: documentedBody(lineSchema, corpus) },
    { weight: 1, arbitrary: fc.oneof(fc.constantFrom(...INVALID_JSON, '', ' '), fc.string({ maxLength: 20 })) },
  );
  const ending = fc.oneof(
    { weight: 40, arbitrary: fc.constant('\r\n') },
    { weight: 1, arbitrary: fc.constantFrom('\n', '\r', '', '\r\n\r\n', '\n\r') },
  );
  // few lines: a file is refused whole for one bad line, and some must get through
  return fc
    .array(fc.tuple(line, ending), { maxLength: 3 })
    .map((lines) => lines.map(([text, end]) => `${text}${end}`).join(''));
}

interface FormPart {
  name: string;
  /** a file part (with a filename) or a plain field */
  file: boolean;
  content: string;
}

/** The content of a documented part: lines for a part of JSON lines, otherwise text of its schema. */
function partContent(schema: JsonSchema, name: string, corpus: Corpus): fc.Arbitrary<string> {
  const lineSchema = schema['x-line-schema'];
  const valid = lineSchema ? linesText(lineSchema, corpus) : validString(schema, name, corpus);
  return fc.oneof({ weight: 8, arbitrary: valid }, { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_TEXT) });
}

function formText(boundary: string, parts: FormPart[], ending: string): string {
  const each = parts.map(({ name, file, content }) => {
    const disposition = `form-data; name="${name}"${file ? `; filename="${name}.txt"` : ''}`;
    return `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${file ? 'Content-Type: text/plain\r\n' : ''}\r\n${content}\r\n`;
  });
  return `${each.join('')}${ending}`;
}

/**
 * A `multipart/form-data` body for the documented parts: each part a file or a plain field,
 * missing, repeated or unknown parts, `__proto__`, broken framing and a content type without
 * or with another boundary.
 */
function multipartBody(schema: JsonSchema, corpus: Corpus): fc.Arbitrary<RequestBody> {
  const properties = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const documented = properties.map(([name, each]) => {
    const part = fc.record({ name: fc.constant(name), file: fc.boolean(), content: partContent(each, name, corpus) });
    // now and then sent twice
    const sent = fc.tuple(part, presentOneIn(part, 8)).map(([first, second]) => (second ? [first, second] : [first]));
    return absentOneIn(sent, required.has(name) ? 10 : 2);
  });
  const extra = presentOneIn(
    fc.array(
      fc.record({
        name: fc.oneof(fc.constantFrom(...EXTRA_KEYS, 'file[]', 'files'), fc.string({ maxLength: 10 })),
        file: fc.boolean(),
        content: fc.string({ maxLength: 20 }),
      }),
      { minLength: 1, maxLength: 2 },
    ),
    5,
  );
  return fc
    .record({
      boundary: fc.constantFrom(...BOUNDARIES),
      parts: fc.tuple(...documented),
      extra,
      ending: fc.oneof(
        { weight: 12, arbitrary: fc.constant('--') },
        { weight: 1, arbitrary: fc.constantFrom('', '-', '--\r\n', 'garbage') },
      ),
      type: fc.oneof(
        { weight: 13, arbitrary: fc.constant('multipart/form-data; boundary=') },
        {
          weight: 3,
          arbitrary: fc.constantFrom(
            'multipart/form-data',
            'multipart/form-data; boundary=other',
            'multipart/mixed; boundary=',
          ),
        },
      ),
    })
    .map(({ boundary, parts, extra: added, ending, type }) => {
      const all = [...parts.flatMap((each) => each ?? []), ...(added ?? [])];
      const close = ending === '' || ending === 'garbage' ? ending : `--${boundary}${ending}`;
      const quoted = /^[\w-]+$/.test(boundary) ? boundary : `"${boundary}"`;
      return { contentType: type.endsWith('=') ? `${type}${quoted}` : type, text: formText(boundary, all, close) };
    });
}

interface QueryPart {
  name: UrlText;
  value: UrlText | undefined;
}

/** Sent raw one time in four; shrinks towards encoded. */
const asUrlText = (text: fc.Arbitrary<string>): fc.Arbitrary<UrlText> =>
  fc.record({ text, raw: fc.nat(3).map((n) => n === 3) });

/** `a=1&a=2`, `a[]=1`, unknown names, broken escapes: what a query string can be. */
function queryFor(operation: Operation, corpus: Corpus): fc.Arbitrary<string> {
  const documented = operation.queryParams.map((param) => {
    const part = fc.record({
      name: fc.oneof(
        { weight: 6, arbitrary: fc.constant({ text: param.name, raw: false }) },
        {
          weight: 1,
          arbitrary: fc
            .constantFrom(`${param.name}[]`, `${param.name}[x]`, `${param.name}[0]`)
            .map((text) => ({ text, raw: false })),
        },
      ),
      value: absentOneIn(asUrlText(textFor(param.schema, param.name, corpus)), 10),
    });
    return absentOneIn(
      fc.oneof({ weight: 7, arbitrary: part.map((one) => [one]) }, { weight: 1, arbitrary: fc.tuple(part, part) }),
      param.required ? 10 : 2,
    );
  });
  const unknownPart = fc.record({
    name: fc.oneof(
      asUrlText(fc.constantFrom('zz', 'filter[unknown]', '__proto__', 'constructor', 'a[b][c]', '')),
      fc.constantFrom(...RAW_ESCAPES).map((text) => ({ text, raw: true })),
    ),
    value: absentOneIn(
      fc.oneof(
        asUrlText(fc.constantFrom('1', ...HOSTILE_TEXT)),
        fc.constantFrom(...RAW_ESCAPES).map((text) => ({ text, raw: true })),
      ),
      6,
    ),
  });
  const unknown = presentOneIn(fc.array(unknownPart, { minLength: 1, maxLength: 2 }), 4);
  return fc.tuple(fc.tuple(...documented), unknown).map(([params, extras]) => {
    const parts: QueryPart[] = [...params.flatMap((each) => each ?? []), ...(extras ?? [])];
    return parts.map(({ name, value }) => (value ? `${urlText(name)}=${urlText(value)}` : urlText(name))).join('&');
  });
}

/** The path with each parameter replaced: a valid value, a hostile spelling, sometimes sent raw. */
function pathFor(operation: Operation, corpus: Corpus): fc.Arbitrary<string> {
  const values = operation.pathParams.map((param) =>
    fc.oneof(
      { weight: 6, arbitrary: asUrlText(textFor(param.schema, param.name, corpus)) },
      { weight: 1, arbitrary: fc.constantFrom(...RAW_ESCAPES).map((text) => ({ text, raw: true })) },
    ),
  );
  return fc.tuple(...values).map((texts) => {
    let path = operation.path;
    operation.pathParams.forEach((param, i) => {
      const value = texts[i];
      if (value) path = path.replace(`{${param.name}}`, urlText(value));
    });
    return path;
  });
}

/** Documented request headers (device id, app version…): absent, plausible or hostile. */
function headersFor(operation: Operation, corpus: Corpus): fc.Arbitrary<Record<string, string>> {
  const printable = /^[\x20-\x7e]*$/;
  return fc
    .record(
      Object.fromEntries(
        operation.headerParams.map((param) => [
          param.name,
          textFor(param.schema, param.name, corpus).filter((value) => printable.test(value)),
        ]),
      ),
      { requiredKeys: [] },
    )
    .map((headers) =>
      Object.fromEntries(Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined)),
    );
}

const senders: fc.Arbitrary<Sender> = fc.oneof(
  { withCrossShrink: true },
  fc.constantFrom<Sender>({ as: 'anonymous' }, { as: 'cookie' }, { as: 'bearer' }, { as: 'staff' }),
  fc
    .oneof(
      fc.constantFrom(
        'Bearer ',
        'Bearer a b',
        'Bearer null',
        'Basic Zm9vOmJhcg==',
        'bearer',
        `Bearer ${'x'.repeat(4000)}`,
      ),
      fc.stringMatching(/^[A-Za-z0-9._~+/-]{1,60}$/).map((token) => `Bearer ${token}`),
    )
    .map((authorization): Sender => ({ as: 'garbage-bearer', authorization })),
);

const MAX_PRINTED = 400;
const clip = (text: string) =>
  text.length > MAX_PRINTED ? `${text.slice(0, MAX_PRINTED)}… (${text.length} characters)` : text;

/** A short line for fast-check's report; the full exchange is in the failure's message. */
function summary(request: FuzzRequest): string {
  const body = request.body
    ? ` body ${request.body.contentType ?? '(no type)'} ${clip(JSON.stringify(request.body.text))}`
    : '';
  return `${request.method} ${clip(request.url)} as ${request.sender.as}${body}`;
}

/** Malformed requests for one operation of the document. */
export function requestsFor(operation: Operation, corpus: Corpus): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      path: pathFor(operation, corpus),
      query: queryFor(operation, corpus),
      headers: headersFor(operation, corpus),
      body: bodyFor(operation, corpus),
      sender: senders,
    })
    .map(({ path, query, headers, body, sender }) => {
      const request = { method: operation.method, url: query ? `${path}?${query}` : path, headers, body, sender };
      return Object.assign(request, { [fc.toStringMethod]: () => summary(request) });
    });
}

/**
 * The URL as `inject` hands it to the server: through WHATWG URL parsing, which resolves dot
 * segments (`/a/%2e%2e/b` is `/b`) and escapes what a client must. A client sending raw bytes
 * (`curl --path-as-is`) can reach the server with more than this.
 */
function asInjected(url: string): string {
  try {
    const parsed = new URL(url, 'http://localhost');
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}

/** A request as `inject` sends it: with the sender's credentials and a client address. */
export interface SentRequest {
  method: HttpMethod;
  url: string;
  headers: Record<string, string>;
  payload: string | undefined;
  remoteAddress: string;
}

/** The exchange, written so a developer can send it again. */
export function describeExchange(
  sent: SentRequest,
  answer: { status: number; headers: Record<string, unknown>; body: string } | { threw: unknown },
): string {
  const injected = asInjected(sent.url);
  const lines = [
    `request: ${sent.method} ${clip(sent.url)}`,
    ...(injected === sent.url ? [] : [`  (the server saw ${clip(injected)})`]),
    `  from ${sent.remoteAddress}`,
    ...Object.entries(sent.headers).map(([name, value]) => `  ${name}: ${clip(value)}`),
    sent.payload === undefined ? '  (no body)' : `  body: ${clip(JSON.stringify(sent.payload))}`,
  ];
  if ('threw' in answer) {
    const error = answer.threw;
    lines.push(`answer: none, inject threw ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  } else {
    lines.push(
      `answer: ${answer.status} ${String(answer.headers['content-type'] ?? '(no content-type)')}`,
      `  ${clip(answer.body)}`,
    );
  }
  if (sent.payload === undefined || sent.payload.length < 2000) {
    const quote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;
    const curl = [
      `curl -sS -g --path-as-is -X ${sent.method} ${quote(`http://localhost:3000${injected}`)}`,
      ...Object.entries(sent.headers).map(([name, value]) => `-H ${quote(`${name}: ${value}`)}`),
      ...(sent.payload === undefined ? [] : [`--data-binary ${quote(sent.payload)}`]),
    ];
    lines.push(`as curl: ${curl.join(' ')}`);
  }
  return lines.join('\n');
}

// What the document allows ------------------------------------------------------------------

/**
 * Why the document's own schemas refuse a request as sent, or undefined when they accept it or
 * cannot tell (a path that is not this operation's, a broken escape the server may read
 * either way, a body the document does not describe). The server may be stricter than its
 * document, never looser: a request refused here must not be accepted.
 */
export function whyTheDocumentRefuses(operation: Operation, sent: SentRequest): string | undefined {
  const matched = pathPattern(operation).exec(asInjected(sent.url));
  if (!matched) return undefined;
  for (const [i, param] of operation.pathParams.entries()) {
    const value = decoded(matched[i + 1] ?? '');
    if (value === undefined) return `path parameter ${param.name}: a broken percent-escape`;
    const problem = textProblem(param.schema, value);
    if (problem) return `path parameter ${param.name} ${JSON.stringify(clip(value))}: ${problem}`;
  }
  const query = parseQuery(matched[operation.pathParams.length + 1] ?? '');
  for (const param of operation.queryParams) {
    const values = query.get(param.name);
    if (!values) {
      if (param.required) return `query parameter ${param.name} is required`;
      continue;
    }
    if (values.some((value) => value === undefined)) continue;
    if (values.length > 1 && !typesOf(param.schema ?? {}).includes('array')) {
      return `query parameter ${param.name} given ${values.length} times`;
    }
    const problem = textProblem(param.schema, values[0] ?? '');
    if (problem) return `query parameter ${param.name} ${JSON.stringify(clip(values[0] ?? ''))}: ${problem}`;
  }
  for (const param of operation.headerParams) {
    const value = sent.headers[param.name];
    const problem = value === undefined ? undefined : textProblem(param.schema, value);
    if (problem) return `header ${param.name} ${JSON.stringify(clip(value ?? ''))}: ${problem}`;
  }
  return operation.body ? bodyProblem(operation, sent) : undefined;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The operation's path with a group per parameter, then the query (a trailing slash is ignored). */
function pathPattern(operation: Operation): RegExp {
  const source = operation.path
    .split(/(\{[^}]+\})/)
    .map((part) => (/^\{[^}]+\}$/.test(part) ? '([^/?#]+)' : escapeRegExp(part)))
    .join('');
  return new RegExp(`^${source}/?(?:\\?(.*))?$`);
}

function decoded(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/** Query values by name as the server reads them (`+` is a space); undefined for a broken escape. */
function parseQuery(query: string): Map<string, (string | undefined)[]> {
  const values = new Map<string, (string | undefined)[]>();
  for (const part of query.split('&')) {
    if (!part) continue;
    const at = part.indexOf('=');
    const name = decoded((at === -1 ? part : part.slice(0, at)).replaceAll('+', ' '));
    if (name === undefined) continue;
    const value = at === -1 ? '' : decoded(part.slice(at + 1).replaceAll('+', ' '));
    values.set(name, [...(values.get(name) ?? []), value]);
  }
  return values;
}

/** A path, query or header value against its scalar schema: numbers in plain decimal digits. */
function textProblem(schema: JsonSchema | undefined, text: string): string | undefined {
  if (!schema) return undefined;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    const problems = alternatives.map((each) => textProblem(each, text));
    return problems.every(Boolean) ? problems.join('; and ') : undefined;
  }
  if (schema.enum) return schema.enum.map(String).includes(text) ? undefined : 'not one of its values';
  const types = typesOf(schema);
  if (types.includes('integer') || types.includes('number')) {
    const plain = types.includes('integer') ? /^-?(0|[1-9]\d*)$/ : /^-?(0|[1-9]\d*)(\.\d+)?$/;
    if (!plain.test(text)) return 'not a number in plain decimal digits';
    return numberProblem(schema, Number(text));
  }
  if (types.includes('boolean')) return text === 'true' || text === 'false' ? undefined : 'not true or false';
  return stringProblem(schema, text);
}

function numberProblem(schema: JsonSchema, value: number): string | undefined {
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = schema;
  const lowest = typeof exclusiveMinimum === 'number' ? exclusiveMinimum : minimum;
  const highest = typeof exclusiveMaximum === 'number' ? exclusiveMaximum : maximum;
  const aboveLowest = typeof exclusiveMinimum === 'number' || exclusiveMinimum === true;
  const belowHighest = typeof exclusiveMaximum === 'number' || exclusiveMaximum === true;
  if (lowest !== undefined && (aboveLowest ? value <= lowest : value < lowest)) return 'below the minimum';
  if (highest !== undefined && (belowHighest ? value >= highest : value > highest)) return 'above the maximum';
  return undefined;
}

function stringProblem(schema: JsonSchema, value: string): string | undefined {
  // JSON Schema counts code points and zod UTF-16 units: too long or short only by both counts
  const lengths = [value.length, [...value].length];
  if (schema.maxLength !== undefined && lengths.every((n) => n > (schema.maxLength ?? n))) return 'too long';
  if (schema.minLength !== undefined && lengths.every((n) => n < (schema.minLength ?? n))) return 'too short';
  if (schema.pattern) {
    let pattern: RegExp | undefined;
    try {
      pattern = new RegExp(schema.pattern);
    } catch {
      pattern = undefined;
    }
    if (pattern && !pattern.test(value)) return `does not match ${schema.pattern}`;
  }
  return undefined;
}

function bodyProblem(operation: Operation, sent: SentRequest): string | undefined {
  const payload = sent.payload ?? '';
  if (payload === '') return operation.bodyRequired ? 'the body is required' : undefined;
  if (operation.bodyType === 'multipart') return multipartProblem(operation.body ?? {}, sent);
  const [type = '', ...parameters] = (sent.headers['content-type'] ?? '')
    .split(';')
    .map((part) => part.trim().toLowerCase());
  if (type !== 'application/json') return `a body of type ${JSON.stringify(type)}, not application/json`;
  const charset = parameters.find((parameter) => parameter.startsWith('charset='));
  // another charset: whether the server must refuse it, the document does not say
  if (charset && charset !== 'charset=utf-8') return undefined;
  let value: unknown;
  try {
    // RFC 8259 lets a parser ignore a byte order mark
    value = JSON.parse(payload.replace(/^\uFEFF/, ''));
  } catch {
    return 'the body is not JSON';
  }
  return jsonProblem(operation.body ?? {}, value, 'body');
}

/**
 * A multipart body against the document: its type, its parts by name (each documented, required
 * ones present, none twice) and each part's text against its schema (JSON lines against
 * `x-line-schema`). A body this reader cannot take apart is one it cannot judge.
 */
function multipartProblem(schema: JsonSchema, sent: SentRequest): string | undefined {
  const contentType = sent.headers['content-type'] ?? '';
  if (!/^multipart\/form-data\s*(;|$)/i.test(contentType)) {
    return `a body of type ${JSON.stringify(contentType)}, not multipart/form-data`;
  }
  const boundary = /;\s*boundary=(?:"([^"]+)"|([^\s;]+))/i.exec(contentType);
  if (!boundary) return 'a multipart body without a boundary';
  const parts = formParts(sent.payload ?? '', boundary[1] ?? boundary[2] ?? '');
  if (!parts) return undefined;
  const properties = schema.properties ?? {};
  const seen = new Set<string>();
  for (const { name, content } of parts) {
    if (seen.has(name)) return `part ${JSON.stringify(name)} sent twice`;
    seen.add(name);
    const property = Object.hasOwn(properties, name) ? properties[name] : undefined;
    if (!property) {
      if (schema.additionalProperties === false) return `an unknown part ${JSON.stringify(name)}`;
      continue;
    }
    const problem = stringProblem(property, content) ?? linesProblem(property['x-line-schema'], content);
    if (problem) return `part ${name}: ${problem}`;
  }
  for (const name of schema.required ?? []) if (!seen.has(name)) return `part ${name} is required`;
  return undefined;
}

/** JSON lines, each ending in CRLF, against the schema of a line. */
function linesProblem(lineSchema: JsonSchema | undefined, text: string): string | undefined {
  if (!lineSchema) return undefined;
  if (!text.endsWith('\r\n')) return 'does not end in CRLF';
  for (const [i, line] of text.slice(0, -2).split('\r\n').entries()) {
    if (/[\r\n]/.test(line)) return `line ${i + 1} holds a lone CR or LF`;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      return `line ${i + 1} is not JSON`;
    }
    const problem = jsonProblem(lineSchema, value, `line ${i + 1}`);
    if (problem) return problem;
  }
  return undefined;
}

/** The parts of a multipart body as `formText` writes it (name and text), or undefined for anything else. */
function formParts(payload: string, boundary: string): { name: string; content: string }[] | undefined {
  const delimiter = `--${boundary}`;
  if (!payload.startsWith(`${delimiter}\r\n`) && payload !== `${delimiter}--`) return undefined;
  const end = payload.lastIndexOf(`\r\n${delimiter}--`);
  if (payload === `${delimiter}--`) return [];
  if (end === -1) return undefined;
  const tail = payload.slice(end + delimiter.length + 4);
  if (tail !== '' && tail !== '\r\n') return undefined;
  const parts = [];
  for (const raw of payload.slice(delimiter.length + 2, end).split(`\r\n${delimiter}\r\n`)) {
    const split = raw.indexOf('\r\n\r\n');
    if (split === -1) return undefined;
    const name = /^Content-Disposition: form-data; name="([^"]*)"/i.exec(raw.slice(0, split));
    if (!name?.[1]) return undefined;
    parts.push({ name: name[1], content: raw.slice(split + 4) });
  }
  return parts;
}

const kindOf = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value;

/** A JSON value against its schema: the first problem, by path; formats it cannot judge pass. */
function jsonProblem(schema: JsonSchema, value: unknown, at: string): string | undefined {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    const problems = alternatives.map((each) => jsonProblem({ nullable: schema.nullable, ...each }, value, at));
    return problems.every(Boolean) ? problems[0] : undefined;
  }
  for (const each of schema.allOf ?? []) {
    const problem = jsonProblem(each, value, at);
    if (problem) return problem;
  }
  if (value === null) {
    return schema.nullable || typesOf(schema).includes('null') || schema.enum?.includes(null) || !schema.type
      ? undefined
      : `${at} may not be null`;
  }
  if (schema.enum) return schema.enum.includes(value) ? undefined : `${at} is not one of its values`;
  const types = typesOf(schema);
  const kind = kindOf(value);
  const fits = types.length === 0 || types.includes(kind) || (kind === 'integer' && types.includes('number'));
  if (!fits) return `${at} is ${kind}, not ${types.join(' or ')}`;
  if (typeof value === 'number') {
    const problem = numberProblem(schema, value);
    return problem && `${at} is ${problem}`;
  }
  if (typeof value === 'string') {
    const problem = stringProblem(schema, value);
    return problem && `${at} ${problem}`;
  }
  if (Array.isArray(value)) {
    if (schema.maxItems !== undefined && value.length > schema.maxItems) return `${at} has too many items`;
    if (schema.minItems !== undefined && value.length < schema.minItems) return `${at} has too few items`;
    for (const [i, item] of value.entries()) {
      const problem = schema.items && jsonProblem(schema.items, item, `${at}[${i}]`);
      if (problem) return problem;
    }
    return undefined;
  }
  if (typeof value === 'object') return objectProblem(schema, value as Record<string, unknown>, at);
  return undefined;
}

function objectProblem(schema: JsonSchema, value: Record<string, unknown>, at: string): string | undefined {
  const properties = schema.properties ?? {};
  for (const key of schema.required ?? []) {
    if (!Object.hasOwn(value, key)) return `${at}.${key} is required`;
  }
  for (const key of Object.keys(value)) {
    const property = Object.hasOwn(properties, key) ? properties[key] : undefined;
    if (!property) {
      if (schema.additionalProperties === false) return `${at} has an unknown key ${JSON.stringify(key)}`;
      continue;
    }
    const problem = jsonProblem(property, value[key], `${at}.${key}`);
    if (problem) return problem;
  }
  return undefined;
}
