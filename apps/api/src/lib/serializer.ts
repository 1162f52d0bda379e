import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { repeatedAnswers } from './shared-answers';

type ZodSerializerCompiler = typeof zodSerializerCompiler;
type RouteSchema = Parameters<ZodSerializerCompiler>[0];

/**
 * The response serialiser: zod checks the answer against the route's response schema (and
 * drops undeclared fields) before `JSON.stringify`. Answers built from the services' caches
 * (a newsfeed tab, a book's detail, the categories) are the same object for a minute: per
 * route and status, the text of a `{ data }` envelope is kept for as long as its `data`
 * object lives (a WeakMap), so a cached answer is checked and stringified once, not per
 * request (from its second sending on). Cached objects are never mutated (they are shared
 * between requests already).
 * A text sent again gets its ETag and compressed bodies made once too (shared-answers.ts).
 */
export const serializerCompiler: ZodSerializerCompiler = (route: RouteSchema) => {
  const serialize = zodSerializerCompiler(route);
  // the text of an object serialised once: SEEN; twice or more: its text
  const texts = new WeakMap<object, string | typeof SEEN>();
  return (payload: unknown) => {
    const data = envelopeData(payload);
    if (!data) return serialize(payload);
    const known = texts.get(data);
    if (typeof known === 'string') {
      repeatedAnswers.remember(known);
      return known;
    }
    const text = serialize(payload);
    if (known !== SEEN) {
      texts.set(data, SEEN);
      return text;
    }
    // sent a second time: worth keeping, tagging and compressing once (most answers never repeat)
    texts.set(data, text);
    repeatedAnswers.remember(text);
    return text;
  };
};

/**
 * An answer's text is kept from its second sending on: a cached object asked for once (a
 * random title's detail, which its cache keeps for a minute anyway) would otherwise keep a
 * text of several kilobytes alive for nothing, and such texts were what filled the old
 * generation between full collections (ADR 020).
 */
const SEEN = Symbol('serialised once');

/** `data` of a payload that is exactly `{ data: object }`, else null */
function envelopeData(payload: unknown): object | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const keys = Object.keys(payload);
  if (keys.length !== 1 || keys[0] !== 'data') return null;
  const data = (payload as { data: unknown }).data;
  return typeof data === 'object' && data !== null ? data : null;
}
