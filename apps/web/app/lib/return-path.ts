import { returnPath } from '@nomsan/contracts/identity';

/**
 * Where to go after signing in: the `prev` query parameter when it is a path on this site, else
 * '/'. The sign-in pages themselves are never a destination (that would loop).
 */
export function prevFrom(search: string | URLSearchParams): string {
  const raw = new URLSearchParams(search).get('prev') ?? undefined;
  const path = returnPath.parse(raw);
  return isAuthPath(path) ? '/' : path;
}

/** `path?prev=...`, keeping the other query parameters of `path`; '/' is left out. */
export function withPrev(path: string, prev: string): string {
  if (prev === '/') return path;
  const [pathname = '', query = ''] = path.split('?');
  const params = new URLSearchParams(query);
  params.set('prev', prev);
  return `${pathname}?${params.toString()}`;
}

/** The sign-in page that returns to `path` afterwards. */
export function signInHref(path: string): string {
  return withPrev('/auth', isAuthPath(path) ? '/' : path);
}

function isAuthPath(path: string): boolean {
  const pathname = path.split(/[?#]/)[0] ?? '';
  return /^\/(auth|login|loginSuccess|toki)(\/|$)/.test(pathname);
}
