import { data } from 'react-router';
import { isApiError } from '@nomsan/contracts/client';

/**
 * The main entity of a page: an API 404 becomes the page's own 404 (the root error boundary
 * shows the not-found page); any other failure stays an error.
 */
export async function required<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 400)) throw data(null, { status: 404 });
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

/** A positive page number from `?page=`; anything else is treated as a missing page. */
export function pageParam(request: Request): number {
  const raw = new URL(request.url).searchParams.get('page');
  if (raw === null) return 1;
  const page = Number(raw);
  if (!Number.isInteger(page) || page < 1 || page > 100_000) throw data(null, { status: 404 });
  return page;
}

/** A page past the last one of a list is a 404, not an empty grid (crawlers stop there). */
export function requirePageInRange(page: number, lastPage: number): void {
  if (page > 1 && page > lastPage) throw data(null, { status: 404 });
}
