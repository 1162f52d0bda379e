/**
 * The one spelling of a request's target that routing, the CSRF check, the rate limit, the page
 * cache and the logs all see. HTTP lets a client spell one resource many ways (`/%61pi/user`,
 * `//api/user`, `/x/../api/user`, `http://host/api/user`); the router decodes them to the same
 * route, so a defence reading the raw text could be walked around. Here the target is decoded
 * once, dot segments and repeated slashes are resolved, and the path is encoded again in one
 * canonical way; a target that cannot be decoded is refused (400) before anything reads it.
 */

export type RequestTarget = { ok: true; url: string } | { ok: false };

/** Anything but RFC 3986 `pchar` minus `%`: what a path segment may not hold unencoded. */
const SEGMENT_UNSAFE = /[^A-Za-z0-9\-._~!$&'()*+,;=:@]/gu;
/** A path that is canonical already: safe characters only, no empty, `.` or `..` segment. */
const PLAIN_PATH = /^(?:\/(?!\.\.?(?:\/|$))[A-Za-z0-9\-._~!$&'()*+,;=:@]+)*\/?$/;
const ABSOLUTE_FORM = /^https?:\/\/[^/?#]*/i;

function decodeSegment(segment: string): string | null {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

const encodeSegment = (segment: string) => segment.replace(SEGMENT_UNSAFE, encodeURIComponent);

/**
 * A query string whose every name and value decodes (`+` is a space in form encoding), to text
 * without control characters: no search, id or slug holds one, and NUL no PostgreSQL text can.
 */
function decodableQuery(query: string): boolean {
  if (!query.includes('%')) return true;
  try {
    for (const pair of query.split('&')) {
      if (hasControl(decodeURIComponent(pair.replaceAll('+', ' ')))) return false;
    }
    return true;
  } catch {
    return false;
  }
}

const NON_ASCII = /[\u0080-\u{10FFFF}]/gu;
const HAS_NON_ASCII = /[^\u0020-\u007e]/;

/** Control characters (and an escaped NUL once decoded) have no place in a path or query. */
function hasControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * Node reads the request line as latin1, so raw UTF-8 bytes arrive as one character each: they
 * are escaped byte for byte. (A target given as a JS string, as `inject` does, may hold real
 * characters: those are escaped as UTF-8; a lone surrogate cannot be.)
 */
function escapeNonAscii(target: string): string | null {
  if (!HAS_NON_ASCII.test(target)) return target;
  try {
    return target.replace(NON_ASCII, (char) => {
      const code = char.charCodeAt(0);
      return code <= 0xff ? `%${code.toString(16).toUpperCase()}` : encodeURIComponent(char);
    });
  } catch {
    return null;
  }
}

/**
 * The canonical origin-form of a request target (`/path?query`), or `{ ok: false }` when it
 * cannot be one: malformed escapes, control characters, an encoded NUL, asterisk- or
 * authority-form. Absolute-form (`http://host/path`, RFC 9112 section 3.2.2) is reduced to its
 * path and query. A fragment never reaches a server; one that does is cut off.
 */
export function canonicalTarget(raw: string): RequestTarget {
  let target = escapeNonAscii(raw);
  if (target === null) return { ok: false };
  const absolute = ABSOLUTE_FORM.exec(target);
  if (absolute) target = target.slice(absolute[0].length) || '/';
  if (!target.startsWith('/') || hasControl(target)) return { ok: false };
  const hash = target.indexOf('#');
  if (hash !== -1) target = target.slice(0, hash);
  const at = target.indexOf('?');
  const path = at === -1 ? target : target.slice(0, at);
  const query = at === -1 ? '' : target.slice(at + 1);
  if (!decodableQuery(query)) return { ok: false };
  // most requests: nothing to decode, resolve or collapse
  if (PLAIN_PATH.test(path)) return { ok: true, url: target };

  const segments: string[] = [];
  const parts = path.split('/');
  for (let i = 1; i < parts.length; i++) {
    const segment = decodeSegment(parts[i] ?? '');
    if (segment === null || hasControl(segment)) return { ok: false };
    const last = i === parts.length - 1;
    if (segment === '.' || segment === '..') {
      if (segment === '..') segments.pop();
      // `/a/b/..` names the folder `/a/`: the trailing slash stays
      if (last) segments.push('');
    } else if (segment !== '' || last) {
      // repeated slashes (`//api`) collapse; a single trailing slash is kept
      segments.push(segment);
    }
  }
  const canonical = `/${segments.map(encodeSegment).join('/')}`;
  return { ok: true, url: at === -1 ? canonical : `${canonical}?${query}` };
}
