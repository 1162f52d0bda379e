import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { sharedAnswers } from './shared-answers';

const text = (n: number) =>
  JSON.stringify({ data: Array.from({ length: n }, (_, i) => ({ id: i, title: 'Цагаан сар' })) });

describe('shared answers', () => {
  it('tags and compresses a remembered text once, and knows nothing of other texts', () => {
    const answers = sharedAnswers({ maxBytes: 1_000_000 });
    const body = text(200);
    answers.remember(body);
    const answer = answers.get(body);
    expect(answer?.etag).toMatch(/^"[\w-]+"$/);
    const br = answer?.encoded('br');
    expect(answer?.encoded('br')).toBe(br);
    expect(brotliDecompressSync(br as Buffer).toString()).toBe(body);
    expect(gunzipSync(answer?.encoded('gzip') as Buffer).toString()).toBe(body);
    expect(answers.get(text(201))).toBeUndefined();
  });

  it('leaves small answers uncompressed', () => {
    const answers = sharedAnswers({ maxBytes: 1_000_000 });
    answers.remember('{"data":[]}');
    expect(answers.get('{"data":[]}')?.encoded('br')).toBeNull();
  });

  it('forgets the oldest texts past its size', () => {
    const bodies = [1, 2, 3, 4].map((n) => `${'ном'.repeat(300)}${n}`);
    const answers = sharedAnswers({ maxBytes: 3 * 2 * (bodies[0] as string).length });
    for (const body of bodies) answers.remember(body);
    expect(answers.get(bodies[0] as string)).toBeUndefined();
    expect(bodies.slice(1).every((body) => answers.get(body))).toBe(true);
    expect(answers.bytes).toBeLessThanOrEqual(3 * 2 * (bodies[0] as string).length);
  });
});
