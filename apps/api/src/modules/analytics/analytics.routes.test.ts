import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEventsResponse, podcastProgressResponse, type ProgressEvent } from '@nomsan/contracts/analytics';
import { eventsFileText } from '@nomsan/contracts/analytics-events';
import { publicationsResponse } from '@nomsan/contracts/podcasts';
import { newsfeedTabResponse } from '@nomsan/contracts/catalog';
import { createApiClient, isApiError } from '@nomsan/contracts/client';
import { sql } from '@nomsan/db/orm';
import {
  createAccountsApp,
  fromSite,
  registerByPhone,
  type AccountsTestApp,
  type Registered,
} from '../../test/accounts';

const BOUNDARY = 'nomsan-test-boundary';

interface Part {
  name: string;
  content: string;
  /** absent: a plain field */
  filename?: string;
}

/** A multipart/form-data body as a browser writes it. */
function multipart(parts: Part[]): string {
  const each = parts.map((part) => {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const type = part.filename ? 'Content-Type: application/octet-stream\r\n' : '';
    return `--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n${part.content}\r\n`;
  });
  return `${each.join('')}--${BOUNDARY}--\r\n`;
}

const fileOf = (content: string): Part[] => [{ name: 'file', filename: 'events.txt', content }];

describe('podcast progress events', () => {
  let t: AccountsTestApp;
  let memberA: Registered;
  let memberB: Registered;
  let episodes: number[];
  const device = crypto.randomUUID();
  let clock = 1_790_000_000;

  beforeAll(async () => {
    t = await createAccountsApp();
    memberA = await registerByPhone(t.app, { name: 'Сонсогч А' });
    memberB = await registerByPhone(t.app, { name: 'Сонсогч Б' });
    const feed = newsfeedTabResponse.parse((await t.app.inject('/api/newsfeed/tabs/podcast')).json()).data;
    const series = feed.shelves[0]?.items[0];
    if (!series) throw new Error('the podcast feed has no series');
    const page = publicationsResponse.parse(
      (await t.app.inject(`/api/publications?filter[series_id]=${series.id}`)).json(),
    ).data;
    episodes = page.data.map((episode) => episode.id);
    if (episodes.length < 2) throw new Error('the first series has fewer than two episodes');
  });
  afterAll(() => t.close());

  /** an event of member A's device, a minute after the last one */
  const event = (overrides: Partial<ProgressEvent> = {}): ProgressEvent => {
    clock += 60;
    return {
      id: episodes[0]!,
      s: 'tab-session-1',
      d: device,
      did: '',
      u: memberA.userId,
      progress: 60,
      t: clock,
      e: 'podcast_episode.progress',
      ...overrides,
    };
  };

  const post = (member: Registered | null, body: string, contentType = `multipart/form-data; boundary=${BOUNDARY}`) =>
    t.app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      headers: { ...fromSite(member?.jar ?? {}), 'content-type': contentType },
      payload: body,
    });

  const progressOf = async (member: Registered, ids: number[]) => {
    const response = await t.app.inject({
      url: `/api/analytics/podcast-progress?publication_id=${ids.join(',')}`,
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    return podcastProgressResponse.parse(response.json()).data;
  };

  const storedCount = async () => {
    const result = await t.db.db.execute<{ n: number }>(sql`select count(*)::int as n from analytics_podcast_progress`);
    return Number(result.rows[0]?.n);
  };

  it('keeps a CRLF-terminated file of JSON lines, and answers where the member stopped', async () => {
    const lines = [event({ progress: 60 }), event({ progress: 120 }), event({ id: episodes[1]!, progress: 30.5 })];
    const text = eventsFileText(lines);
    expect(text.split('\r\n')).toHaveLength(4);
    const response = await post(memberA, multipart(fileOf(text)));
    expect(response.statusCode, response.body).toBe(200);
    expect(analyticsEventsResponse.parse(response.json()).data).toEqual({ received: 3, stored: 3 });

    const progress = await progressOf(memberA, [episodes[0]!, episodes[1]!]);
    expect(progress).toEqual(
      expect.arrayContaining([
        { publication_id: episodes[0], progress: 120, t: lines[1]!.t },
        { publication_id: episodes[1], progress: 30.5, t: lines[2]!.t },
      ]),
    );
    expect(progress).toHaveLength(2);
  });

  it('refuses a file with one bad line, and keeps none of its lines', async () => {
    const before = await storedCount();
    const good = eventsFileText([event(), event()]);
    const cases: [string, string][] = [
      [good + '{"id":1}\r\n', 'file.3.s'],
      [good + 'not json\r\n', 'file.3'],
      [eventsFileText([event()]) + JSON.stringify(event()) + '\n', 'file'],
      [good.replace('\r\n', '\n'), 'file.1'],
      [good + eventsFileText([event({ t: Date.now() })]), 'file.3.t'],
      [good + eventsFileText([event({ id: 2_000_000_000 })]), 'file.3.id'],
      [good + eventsFileText([{ ...event(), e: 'page_view' as never }]), 'file.3.e'],
      [good.replace('"did":""', '"did":"","admin":true'), 'file.1'],
      ['', 'file'],
    ];
    for (const [text, field] of cases) {
      const response = await post(memberA, multipart(fileOf(text)));
      expect(response.statusCode, `${JSON.stringify(text)}: ${response.body}`).toBe(400);
      const error = response.json().error;
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(Object.keys(error.fields), JSON.stringify(text)).toContain(field);
      expect(Object.values(error.fields).join(' ')).toMatch(/[\u0400-\u04FF]/);
    }
    expect(await storedCount()).toBe(before);
  });

  it('takes only a multipart body with one file field named file', async () => {
    const before = await storedCount();
    const text = eventsFileText([event()]);
    const refused: [number, string, Awaited<ReturnType<typeof post>>][] = [
      [415, 'UNSUPPORTED_MEDIA_TYPE', await post(memberA, JSON.stringify({ file: text }), 'application/json')],
      [415, 'UNSUPPORTED_MEDIA_TYPE', await post(memberA, text, 'text/plain')],
      [400, 'VALIDATION_ERROR', await post(memberA, multipart([...fileOf(text), ...fileOf(text)]))],
      [400, 'VALIDATION_ERROR', await post(memberA, multipart([{ name: 'events', filename: 'e.txt', content: text }]))],
      [400, 'BAD_REQUEST', await post(memberA, multipart(fileOf(text)), 'multipart/form-data')],
      [400, 'BAD_REQUEST', await post(memberA, `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"\r\n\r\n`)],
    ];
    for (const [status, code, response] of refused) {
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().error.code).toBe(code);
      expect(response.json().error.message).toMatch(/[\u0400-\u04FF]/);
    }
    expect(await storedCount()).toBe(before);
  });

  it('keeps a repeated event once: the same device, episode and moment', async () => {
    const lines = [event({ progress: 300 }), event({ progress: 360 })];
    const body = multipart(fileOf(eventsFileText([...lines, lines[0]!])));
    const first = analyticsEventsResponse.parse((await post(memberA, body)).json()).data;
    expect(first).toEqual({ received: 3, stored: 2 });
    const again = analyticsEventsResponse.parse((await post(memberA, body)).json()).data;
    expect(again).toEqual({ received: 3, stored: 0 });
    expect((await progressOf(memberA, [episodes[0]!]))[0]?.progress).toBe(360);
  });

  it("keeps each member's progress to that member: another member reads nothing, a visitor is asked to sign in", async () => {
    expect((await progressOf(memberA, [episodes[0]!])).length).toBe(1);
    expect(await progressOf(memberB, [episodes[0]!, episodes[1]!])).toEqual([]);
    const anonymous = await t.app.inject(`/api/analytics/podcast-progress?publication_id=${episodes[0]}`);
    expect(anonymous.statusCode).toBe(401);

    // B's device sends a line claiming A: it is not kept as A's, nor as B's
    const claim = event({ u: memberA.userId, d: crypto.randomUUID(), progress: 999 });
    const response = await post(memberB, multipart(fileOf(eventsFileText([claim]))));
    expect(analyticsEventsResponse.parse(response.json()).data).toEqual({ received: 1, stored: 0 });
    expect((await progressOf(memberA, [episodes[0]!]))[0]?.progress).not.toBe(999);
    expect(await progressOf(memberB, [episodes[0]!])).toEqual([]);
  });

  it("keeps a visitor's events as nobody's", async () => {
    const before = await storedCount();
    const response = await post(null, multipart(fileOf(eventsFileText([event({ u: null, d: crypto.randomUUID() })]))));
    expect(analyticsEventsResponse.parse(response.json()).data).toEqual({ received: 1, stored: 1 });
    expect(await storedCount()).toBe(before + 1);
  });

  it("is what the web's client sends: FormData with a file part, through the typed client", async () => {
    const api = createApiClient({
      baseUrl: 'http://localhost:3000',
      headers: { authorization: `Bearer ${memberA.token}` },
      fetch: async (url, init) => {
        const request = new Request(url, init);
        const answer = await t.app.inject({
          method: request.method as 'POST' | 'GET',
          url: url.replace('http://localhost:3000', ''),
          headers: Object.fromEntries(request.headers),
          ...(init?.body ? { payload: Buffer.from(await request.arrayBuffer()) } : {}),
        });
        return new Response(answer.body, {
          status: answer.statusCode,
          headers: { 'content-type': 'application/json' },
        });
      },
    });
    const line = event({ id: episodes[1]!, progress: 600 });
    expect(await api.sendProgressEvents([line])).toEqual({ received: 1, stored: 1 });
    expect(await api.podcastProgress([episodes[1]!])).toEqual([
      { publication_id: episodes[1], progress: 600, t: line.t },
    ]);
    const refused = await api.sendProgressEvents([{ ...line, s: 'a b' }]).catch((error: unknown) => error);
    expect(isApiError(refused) && refused.fields).toEqual({ 'file.1.s': expect.any(String) });
  });
});
