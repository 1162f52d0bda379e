import { Form, Link, useSubmit } from 'react-router';
import type { Category } from '@nomsan/contracts/catalog';
import { mn } from '@nomsan/contracts/messages';
import type { SearchCounts } from '@nomsan/contracts/search';
import { searchSorts, searchTypes, type SearchSort, type SearchType } from '@nomsan/contracts/search-options';
import { href } from '~/lib/links';
import { SearchIcon } from '~/ui/icons';

/** The same search with some parameters changed; a new tab or filter starts at page 1. */
function withParams(search: string, changes: Record<string, string | null>): string {
  const next = new URLSearchParams(search);
  next.delete('page');
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) next.delete(key);
    else next.set(key, value);
  }
  return `/search?${next.toString()}`;
}

/**
 * One tab per type with its count (Бүгд, Аудио ном, Цахим ном, Подкаст, Товч ном); a capped
 * count reads "1 000+", and a tab that has none among the capped first matches shows no number.
 */
export function SearchTabs({
  q,
  type,
  counts,
  capped,
  search,
}: {
  q: string;
  type: SearchType;
  counts: SearchCounts;
  capped: SearchType[];
  search: string;
}) {
  const order: SearchType[] = ['all', 'audiobook', 'ebook', 'episode', 'summary'];
  return (
    <nav aria-label={mn.search.resultsFor(q)} className="mt-5 border-b border-line">
      <ul className="scrollbar-none -mb-px flex gap-1 overflow-x-auto">
        {order
          .filter((t) => searchTypes.includes(t))
          .map((tab) => {
            const current = tab === type;
            const atLeast = capped.includes(tab);
            return (
              <li key={tab} className="shrink-0">
                <Link
                  to={withParams(search, { type: tab === 'all' ? null : tab })}
                  aria-current={current ? 'page' : undefined}
                  preventScrollReset
                  className={`inline-flex h-11 items-center gap-2 border-b-2 px-3 text-sm font-semibold whitespace-nowrap ${
                    current ? 'border-brand text-brand' : 'border-transparent text-muted hover:text-ink'
                  } ${counts[tab] === 0 && !atLeast && !current ? 'opacity-60' : ''}`}
                >
                  {mn.search.tabs[tab]}
                  {counts[tab] === 0 && atLeast ? null : (
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs ${current ? 'bg-brand-soft text-brand' : 'bg-surface text-muted'}`}
                    >
                      {mn.search.tabCount(counts[tab], atLeast)}
                    </span>
                  )}
                </Link>
              </li>
            );
          })}
      </ul>
    </nav>
  );
}

/** Order and category: a plain GET form, submitted as soon as a choice changes. */
export function SearchFilters({
  search,
  sort,
  category,
  categories,
}: {
  search: string;
  sort: SearchSort;
  category: string;
  categories: Category[];
}) {
  const submit = useSubmit();
  const params = new URLSearchParams(search);
  const select = 'h-9 rounded-full border border-line bg-white px-3 text-sm font-semibold focus:border-brand';
  return (
    <Form
      method="get"
      action="/search"
      preventScrollReset
      className="flex flex-wrap items-center gap-2"
      onChange={(event) => void submit(event.currentTarget, { preventScrollReset: true })}
    >
      <input type="hidden" name="q" value={params.get('q') ?? ''} />
      {params.get('type') ? <input type="hidden" name="type" value={params.get('type') ?? ''} /> : null}
      <label className="flex items-center gap-2 text-sm text-muted">
        {mn.layout.categoriesHeading}
        <select name="category" defaultValue={category} className={select}>
          <option value="">{mn.search.allCategories}</option>
          {categories.map((c) => (
            <option key={c.id} value={c.slug}>
              {c.title}
            </option>
          ))}
        </select>
      </label>
      <label className="flex items-center gap-2 text-sm text-muted">
        {mn.search.sortLabel}
        <select name="sort" defaultValue={sort} className={select}>
          {searchSorts.map((s) => (
            <option key={s} value={s}>
              {mn.search.sort[s]}
            </option>
          ))}
        </select>
      </label>
      <noscript>
        <button type="submit" className="h-9 rounded-full bg-brand px-4 text-sm font-semibold text-white">
          {mn.search.apply}
        </button>
      </noscript>
    </Form>
  );
}

/** What to try when there is nothing (yet): popular searches and the categories. */
export function SearchStart({ popular, categories }: { popular: string[]; categories: Category[] }) {
  return (
    <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_2fr]">
      {popular.length > 0 ? (
        <section>
          <h2 className="mb-3 text-lg font-bold">{mn.search.popularHeading}</h2>
          <ul className="flex flex-wrap gap-2">
            {popular.map((query) => (
              <li key={query}>
                <Link
                  to={`/search?q=${encodeURIComponent(query)}`}
                  className="inline-flex h-9 items-center rounded-full bg-surface px-4 text-sm font-semibold hover:bg-brand-soft hover:text-brand"
                >
                  {query}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section>
        <h2 className="mb-3 text-lg font-bold">{mn.search.categoriesHeading}</h2>
        <ul className="grid grid-cols-2 gap-1 sm:grid-cols-3">
          {categories.map((c) => (
            <li key={c.id}>
              <Link
                to={href.category(c.slug)}
                className="block rounded-lg px-3 py-2 text-sm font-medium hover:bg-brand-soft hover:text-brand"
              >
                {c.title}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** The query again, editable, on screens where the header has no search box. */
export function PageSearchForm({ q }: { q: string }) {
  return (
    <Form method="get" action="/search" role="search" className="mb-5 md:hidden">
      <label className="flex h-11 items-center gap-2 rounded-full border border-line bg-surface px-4 focus-within:border-brand focus-within:bg-white">
        <SearchIcon className="shrink-0 text-muted" width={20} height={20} />
        <span className="sr-only">{mn.layout.searchLabel}</span>
        <input
          type="search"
          name="q"
          defaultValue={q}
          key={q}
          placeholder={mn.layout.searchPlaceholder}
          autoComplete="off"
          enterKeyHint="search"
          className="h-full w-full bg-transparent text-[15px] outline-none placeholder:text-muted"
        />
      </label>
    </Form>
  );
}
