import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler } from './serializer';

const schema = z.object({ data: z.object({ id: z.number(), name: z.string() }) });
const compile = () => serializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' } as never);

describe('the response serialiser', () => {
  it('drops undeclared fields and refuses an answer that breaks the schema', () => {
    const serialize = compile();
    expect(serialize({ data: { id: 1, name: 'a', secret: 'x' } })).toBe('{"data":{"id":1,"name":"a"}}');
    expect(() => serialize({ data: { id: 'one', name: 'a' } })).toThrow();
  });

  it('answers the same cached data object with the same text, and a new object anew', () => {
    const serialize = compile();
    const cached = { id: 1, name: 'a' };
    const first = serialize({ data: cached });
    expect(serialize({ data: cached })).toBe(first);
    expect(serialize({ data: { id: 2, name: 'b' } })).toBe('{"data":{"id":2,"name":"b"}}');
  });

  it('keeps the text of a data object from its second sending on', () => {
    const serialize = compile();
    // cached objects are never changed; changing one here shows which sending was kept
    const cached = { id: 1, name: 'a' };
    expect(serialize({ data: cached })).toBe('{"data":{"id":1,"name":"a"}}');
    cached.name = 'b';
    expect(serialize({ data: cached })).toBe('{"data":{"id":1,"name":"b"}}');
    cached.name = 'c';
    expect(serialize({ data: cached })).toBe('{"data":{"id":1,"name":"b"}}');
  });

  it('does not keep envelopes with more than data (their other fields vary)', () => {
    const loose = z.object({ data: z.object({ id: z.number() }), meta: z.number() });
    const withMeta = serializerCompiler({ schema: loose, method: 'GET', url: '/y', httpStatus: '200' } as never);
    const data = { id: 1 };
    expect(withMeta({ data, meta: 1 })).toBe('{"data":{"id":1},"meta":1}');
    expect(withMeta({ data, meta: 2 })).toBe('{"data":{"id":1},"meta":2}');
  });
});
