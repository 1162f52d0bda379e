import { describe, expect, expectTypeOf, it } from 'vitest';
import { analyticsEventsBody, podcastProgressQuery, type ProgressEvent } from './analytics';
import { eventsFileText, type ProgressEventLine } from './analytics-events';

const line: ProgressEventLine = {
  id: 12,
  s: 'c1f0e7d2-tab',
  d: '0b8e6a52-8f5c-4a43-9b1e-3f1e2d4c5b6a',
  did: '',
  u: null,
  progress: 61.5,
  t: 1_790_000_060,
  e: 'podcast_episode.progress',
};

describe('the podcast progress file', () => {
  it('is one JSON line per event, each ending in CRLF, and parses back to the events', () => {
    const text = eventsFileText([line, { ...line, t: line.t + 60, u: 7 }]);
    expect(text).toBe(`${JSON.stringify(line)}\r\n${JSON.stringify({ ...line, t: line.t + 60, u: 7 })}\r\n`);
    expect(analyticsEventsBody.parse({ file: text }).file).toEqual([line, { ...line, t: line.t + 60, u: 7 }]);
  });

  it('names the line and field of each problem', () => {
    const issues = (file: string) =>
      analyticsEventsBody.safeParse({ file }).error?.issues.map((issue) => issue.path.join('.'));
    expect(issues(eventsFileText([line]).slice(0, -2))).toEqual(['file']);
    expect(issues(`${eventsFileText([line])}{"id":1}\r\n`)).toContain('file.2.s');
    expect(issues(`${eventsFileText([line])}[]\r\n`)).toEqual(['file.2']);
    expect(issues(`${JSON.stringify(line)}\n${JSON.stringify(line)}\r\n`)).toEqual(['file.1']);
    expect(issues(eventsFileText([{ ...line, t: Date.now() }]))).toEqual(['file.1.t']);
    expect(issues(eventsFileText([{ ...line, d: 'a\u0000b' }]))).toEqual(['file.1.d']);
    expect(issues(eventsFileText(Array.from({ length: 501 }, () => line)))).toEqual(['file']);
  });

  it('is typed once: the plain line the web formats is what the schema parses', () => {
    expectTypeOf<ProgressEventLine>().toEqualTypeOf<ProgressEvent>();
  });
});

describe('the publications asked about', () => {
  it('takes one id or a comma list, each once', () => {
    expect(podcastProgressQuery.parse({ publication_id: '12' }).publication_id).toEqual([12]);
    expect(podcastProgressQuery.parse({ publication_id: '12,13,12' }).publication_id).toEqual([12, 13]);
    for (const bad of [
      '',
      '0',
      '1,,2',
      '012',
      '1,',
      '9999999999',
      Array.from({ length: 51 }, (_, i) => i + 1).join(','),
    ]) {
      expect(podcastProgressQuery.safeParse({ publication_id: bad }).success, bad).toBe(false);
    }
  });
});
