import { describe, expect, expectTypeOf, it } from 'vitest';
import type { BookDetail } from './catalog';
import { catalogEndpoints } from './catalog.endpoints';
import { ApiError, createApiClient, endpointUrl, isApiError, type CallInput } from './client';
import { defineEndpoint } from './endpoint';
import { entityKey, healthResponse, idParam, pathSegment, type EntityKey } from './http';
import { identityEndpoints } from './identity.endpoints';
import { mn } from './messages';

interface Sent {
  url: string;
  method: string | undefined;
  headers: Record<string, string>;
  body: unknown;
}

/** A client whose fetch records each request and answers `answer`. */
function clientAnswering(answer: () => Response) {
  const sent: Sent[] = [];
  const api = createApiClient({
    baseUrl: 'https://api.test',
    headers: { cookie: 'nomsan_session=s' },
    fetch: async (url, init) => {
      sent.push({
        url,
        method: init?.method,
        headers: init?.headers as Record<string, string>,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      return answer();
    },
  });
  return { api, sent };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const ok = { data: { ok: true } };

describe('path parameters', () => {
  it('spells ids in decimal and slugs as `slug:` + the escaped slug, as entityKey reads them back', () => {
    const keys: EntityKey[] = [{ id: 12 }, { id: 2_147_483_647 }, { slug: 'tsagaan-sar' }, { slug: 'a1-b2' }];
    for (const key of keys) expect(entityKey.parse(pathSegment(key))).toEqual(key);
    expect(idParam.parse(pathSegment(12))).toBe(12);
    expect(pathSegment({ slug: 'а б/в' })).toBe('slug:%D0%B0%20%D0%B1%2F%D0%B2');
  });

  it('escapes any other value as one path segment', () => {
    expect(pathSegment('a/b?c#d')).toBe('a%2Fb%3Fc%23d');
  });
});

describe('calls built from the definitions', () => {
  it('fills the path, builds the query and parses the answer with the response schema', async () => {
    const { api, sent } = clientAnswering(() => json(200, { data: [], extra: 'dropped' }));
    expect(
      await api.call(catalogEndpoints.related, { params: { id: 12 }, query: { type: 'author', take: 5 } }),
    ).toEqual({ data: [] });
    await api.related(12);
    expect(sent.map((request) => [request.method, request.url])).toEqual([
      ['GET', 'https://api.test/v5/books/12/related?type=author&take=5'],
      ['GET', 'https://api.test/v5/books/12/related?type=semantic'],
    ]);
    expect(sent[0]?.headers).toEqual({ accept: 'application/json', cookie: 'nomsan_session=s' });
    expect(sent[0]?.body).toBeUndefined();
  });

  it('names a detail by id or by slug', async () => {
    const { api, sent } = clientAnswering(() => json(500, null));
    await Promise.allSettled([api.book(7), api.book('tsagaan-sar'), api.author('bat erdene'), api.narrator(3)]);
    expect(sent.map((request) => request.url)).toEqual([
      'https://api.test/v4/books/7',
      'https://api.test/v4/books/slug:tsagaan-sar',
      'https://api.test/api/book/authors/slug:bat%20erdene?include=likes_count',
      'https://api.test/v5/narrators/3',
    ]);
  });

  it('sends the body as JSON, with the headers the endpoint takes', async () => {
    const { api, sent } = clientAnswering(() => json(500, null));
    const body = { challenge_id: '7f0c1c1e-4a4e-4a8e-9a59-2f4ab6a0c2d1', purpose: 'login' as const, code: '123456' };
    await Promise.allSettled([
      api.verifyOtp(body),
      api.register({ verification_token: 't'.repeat(20), name: 'Бат' }, { deviceUuid: 'u-1', clientId: 'web' }),
      api.revokeDevice('a/b'),
    ]);
    expect(sent[0]).toEqual({
      url: 'https://api.test/v4/auth/otp:verify',
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json', cookie: 'nomsan_session=s' },
      body,
    });
    expect(sent[1]?.headers).toMatchObject({ 'device-uuid': 'u-1', 'client-id': 'web' });
    expect(sent[2]).toMatchObject({ url: 'https://api.test/account/api/devices/a%2Fb', method: 'DELETE' });
  });

  it('leaves out query parameters the caller did not give', async () => {
    const { api, sent } = clientAnswering(() => json(200, ok));
    await Promise.allSettled([api.currentUser({}), api.publications(4, { slug: 'ep-1' })]);
    expect(sent.map((request) => request.url)).toEqual([
      'https://api.test/api/user',
      'https://api.test/api/publications?include=series&filter%5Bseries_id%5D=4&filter%5Bslug%5D=ep-1&page%5Bsize%5D=10',
    ]);
  });

  it('builds the sign-in start address from its definition, without fetching', () => {
    const { api, sent } = clientAnswering(() => json(200, ok));
    expect(api.oauthStartUrl('google', { intent: 'link', prev: '/audio?page=2' })).toBe(
      'https://api.test/api/oauth/google/start?intent=link&prev=%2Faudio%3Fpage%3D2',
    );
    expect(endpointUrl(identityEndpoints.oauthStart, { params: { provider: 'toki' } })).toBe('/api/oauth/toki/start');
    expect(sent).toEqual([]);
  });
});

describe('answers that are not 2xx', () => {
  it('become an ApiError with the envelope code, message, fields and Retry-After', async () => {
    const { api } = clientAnswering(() =>
      json(
        429,
        { error: { code: 'RATE_LIMITED', message: mn.errors.RATE_LIMITED, fields: { phone: 'x' } } },
        { 'retry-after': '12.5' },
      ),
    );
    const error = await api.sendOtp({ purpose: 'login', phone: '99112233' }).catch((thrown: unknown) => thrown);
    expect(isApiError(error)).toBe(true);
    expect(error).toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      message: mn.errors.RATE_LIMITED,
      fields: { phone: 'x' },
      retryAfterS: 13,
    });
  });

  it('become INTERNAL when the body is not the envelope', async () => {
    const { api } = clientAnswering(() => new Response('<html>bad gateway</html>', { status: 502 }));
    const error = await api.categories().catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502, code: 'INTERNAL', message: mn.errors.INTERNAL, retryAfterS: undefined });
  });
});

describe('types from the definitions (checked by npm run typecheck)', () => {
  it('types what a call takes and answers', () => {
    expectTypeOf(createApiClient({ baseUrl: '' }).book).returns.resolves.toEqualTypeOf<BookDetail>();
    expectTypeOf<CallInput<typeof catalogEndpoints.book>['params']>().toEqualTypeOf<{ id: EntityKey }>();
    expectTypeOf<CallInput<typeof catalogEndpoints.reviews>['query']>().toHaveProperty('reviewable_id');
  });

  it('refuses a path parameter without a schema', () => {
    // @ts-expect-error `:id` is in the path, so the definition must give its schema
    const unchecked = defineEndpoint({
      method: 'GET',
      path: '/v5/things/:id',
      summary: 'A thing',
      tags: [],
      response: healthResponse,
    });
    expect(unchecked.path).toBe('/v5/things/:id');
  });
});
