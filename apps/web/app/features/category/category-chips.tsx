import { Link } from 'react-router';
import type { Category } from '@nomsan/contracts/catalog';
import { mn } from '@nomsan/contracts/messages';
import { href } from '~/lib/links';

/** The spec's seven chip colours (background, text, and the ring of the active chip). */
const COLOURS = [
  'bg-blue-50 text-blue-800 hover:bg-blue-100',
  'bg-emerald-50 text-emerald-800 hover:bg-emerald-100',
  'bg-amber-50 text-amber-900 hover:bg-amber-100',
  'bg-rose-50 text-rose-800 hover:bg-rose-100',
  'bg-violet-50 text-violet-800 hover:bg-violet-100',
  'bg-cyan-50 text-cyan-800 hover:bg-cyan-100',
  'bg-orange-50 text-orange-800 hover:bg-orange-100',
] as const;

/** FNV-1a: a small string hash, the same on the server and in the browser. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * A colour that looks random but is chosen from the page's and the chip's slugs, so server
 * rendering and hydration pick the same one (no mismatch, no flash).
 */
export function chipColour(activeSlug: string, slug: string): string {
  return COLOURS[hash(`${activeSlug}:${slug}`) % COLOURS.length] ?? COLOURS[0];
}

/** Every category as a chip; the active one follows the URL's slug. */
export function CategoryChips({ categories, active }: { categories: Category[]; active: string }) {
  return (
    <nav aria-label={mn.layout.categoriesHeading}>
      <ul className="scrollbar-none -mx-4 flex gap-2 overflow-x-auto px-4 py-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0">
        {categories.map((category) => {
          const current = category.slug === active;
          return (
            <li key={category.id} className="shrink-0">
              <Link
                to={href.category(category.slug)}
                aria-current={current ? 'page' : undefined}
                className={`inline-flex h-9 items-center rounded-full px-4 text-sm font-semibold whitespace-nowrap transition-colors ${
                  current ? 'bg-brand text-white shadow-sm hover:bg-brand-dark' : chipColour(active, category.slug)
                }`}
              >
                {category.title}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Popular / newest as two links (real URLs, so each order can be shared and crawled). */
export function SortLinks({ pathname, sort }: { pathname: string; sort: 'popular' | 'newest' }) {
  const options = [
    { value: 'popular', label: mn.lists.popular, to: pathname },
    { value: 'newest', label: mn.lists.newest, to: `${pathname}?sort=newest` },
  ] as const;
  return (
    <div className="flex items-center gap-2 text-sm">
      <span className="text-muted">{mn.lists.sort}:</span>
      <ul className="inline-flex rounded-full bg-surface p-1">
        {options.map((option) => (
          <li key={option.value}>
            <Link
              to={option.to}
              aria-current={option.value === sort ? 'true' : undefined}
              preventScrollReset
              className={`inline-flex h-8 items-center rounded-full px-3.5 font-semibold ${
                option.value === sort ? 'bg-white text-brand shadow-sm' : 'text-muted hover:text-ink'
              }`}
            >
              {option.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
