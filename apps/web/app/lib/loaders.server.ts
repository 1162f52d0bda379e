import { data } from 'react-router';
import { isApiError } from '@nomsan/contracts/client';
import { queryInt } from '@nomsan/contracts/http';

/**
 * The main entity of a page: an API 404 becomes the page's own 404 (the root error boundary
 * shows the not-found page); any other failure stays an error.
 */
export async function required<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 400)) throw data(null, { status: 404 });
    // Refused for now, not failed: the page says so with the status and when to come back.
    if (isApiError(error) && (error.status === 429 || error.status === 503)) {
      throw data(null, {
        status: error.status,
        ...(error.retryAfterS ? { headers: { 'retry-after': String(error.retryAfterS) } } : {}),
      });
    }
    throw error;
  }
}

/**
 * A secondary block of a page (a shelf, the reviews): when it cannot be loaded the page still
 * renders without it, rather than failing as a whole.
 */
export async function optional<T>(promise: Promise<T>, fallback: T): Promise<T> {
  try {
    return await promise;
  } catch {
    return fallback;
  }
}

const pageNumber = queryInt(1, 100_000);

/** A page number from `?page=` in plain digits; anything else is treated as a missing page. */
export function pageParam(request: Request): number {
  const raw = new URL(request.url).searchParams.get('page');
  if (raw === null) return 1;
  const page = pageNumber.safeParse(raw);
  if (!page.success) throw data(null, { status: 404 });
  return page.data;
}

/** A page past the last one of a list is a 404, not an empty grid (crawlers stop there). */
export function requirePageInRange(page: number, lastPage: number): void {
  if (page > 1 && page > lastPage) throw data(null, { status: 404 });
}
