import { Link } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { pageHref } from '~/lib/links';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';

/** Page numbers to show: the first, the last, and two either side of the current one. */
export function pageWindow(current: number, last: number): (number | 'gap')[] {
  const pages = new Set([1, last, current - 2, current - 1, current, current + 1, current + 2]);
  const sorted = [...pages].filter((n) => n >= 1 && n <= last).sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  for (const n of sorted) {
    const previous = out[out.length - 1];
    if (typeof previous === 'number' && n - previous === 2) out.push(previous + 1);
    else if (typeof previous === 'number' && n - previous > 2) out.push('gap');
    out.push(n);
  }
  return out;
}

const ITEM =
  'inline-flex h-10 min-w-10 items-center justify-center rounded-full px-3 text-sm font-semibold transition-colors';

/** Real links to `?page=n`, so every page has a URL crawlers and the back button understand. */
export function Pagination({
  pathname,
  search,
  current,
  last,
}: {
  pathname: string;
  search: string;
  current: number;
  last: number;
}) {
  if (last <= 1) return null;
  const to = (page: number) => pageHref(pathname, search, page);
  return (
    <nav aria-label={mn.pagination.label} className="mt-8 flex justify-center">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          {current > 1 ? (
            <Link to={to(current - 1)} rel="prev" className={`${ITEM} gap-1 hover:bg-brand-soft hover:text-brand`}>
              <ChevronLeftIcon width={18} height={18} />
              <span className="max-sm:sr-only">{mn.pagination.previous}</span>
            </Link>
          ) : null}
        </li>
        {pageWindow(current, last).map((page, index) =>
          page === 'gap' ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-muted">
              …
            </li>
          ) : (
            <li key={page}>
              <Link
                to={to(page)}
                aria-label={mn.pagination.page(page)}
                aria-current={page === current ? 'page' : undefined}
                className={`${ITEM} ${page === current ? 'bg-brand text-white' : 'hover:bg-brand-soft hover:text-brand'}`}
              >
                {page}
              </Link>
            </li>
          ),
        )}
        <li>
          {current < last ? (
            <Link to={to(current + 1)} rel="next" className={`${ITEM} gap-1 hover:bg-brand-soft hover:text-brand`}>
              <span className="max-sm:sr-only">{mn.pagination.next}</span>
              <ChevronRightIcon width={18} height={18} />
            </Link>
          ) : null}
        </li>
      </ul>
    </nav>
  );
}
