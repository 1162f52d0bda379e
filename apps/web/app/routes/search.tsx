import { data, Link, useLocation } from 'react-router';
import { isApiError } from '@nomsan/contracts/client';
import { mn } from '@nomsan/contracts/messages';
import {
  SEARCH_QUERY_MAX,
  searchSorts,
  searchTypes,
  type SearchSort,
  type SearchType,
} from '@nomsan/contracts/search-options';
import { FIRST_ROW, ItemGrid } from '~/features/catalog/item-grid';
import { PageSearchForm, SearchFilters, SearchStart, SearchTabs } from '~/features/search/search-page';
import { pageParam } from '~/lib/loaders.server';
import { baseUrlFrom, pageMeta } from '~/lib/meta';
import { Pagination } from '~/ui/pagination';
import type { Route } from './+types/search';

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const q = (params.get('q') ?? '').trim().replace(/\s+/g, ' ').slice(0, SEARCH_QUERY_MAX);
  const type: SearchType = oneOf(searchTypes, params.get('type'), 'all');
  const sort: SearchSort = oneOf(searchSorts, params.get('sort'), 'relevance');
  const page = pageParam(request);
  const [categories, popular] = await Promise.all([
    context.api.categories().catch(() => []),
    context.api.popularQueries(8).catch(() => []),
  ]);
  const category = categories.find((c) => c.slug === params.get('category')) ?? null;
  if (!q) return { q, type, sort, category, categories, popular, result: null };
  try {
    const result = await context.api.search({ q, type, page, sort, categoryId: category?.id });
    return { q, type, sort, category, categories, popular, result };
  } catch (error) {
    // a page past the last one is not a page
    if (isApiError(error) && error.status === 400) throw data(null, { status: 404 });
    throw error;
  }
}

// Every search is recorded by the API, so this page is never served from a cache.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const q = loaderData?.q;
  return pageMeta({
    title: q ? mn.search.resultsFor(q) : mn.search.pageTitle,
    description: q ? mn.search.metaDescription(q) : undefined,
    path: q ? `/search?q=${encodeURIComponent(q)}` : '/search',
    baseUrl: baseUrlFrom(matches),
    noindex: true,
  });
};

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { q, type, sort, category, categories, popular, result } = loaderData;
  const { pathname, search } = useLocation();
  const queries = popular.map((p) => p.query);
  if (!result) {
    return (
      <div className="mx-auto max-w-screen-xl px-4 pt-6 pb-12 lg:px-6">
        <PageSearchForm q={q} />
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{mn.search.startTitle}</h1>
        <p className="mt-2 max-w-2xl text-muted">{mn.search.startHint}</p>
        <SearchStart popular={queries} categories={categories} />
      </div>
    );
  }
  const empty = result.counts.all === 0;
  return (
    <div className="mx-auto max-w-screen-2xl px-4 pt-6 pb-12 lg:px-6">
      <PageSearchForm q={q} />
      <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{mn.search.resultsFor(q)}</h1>
      {empty ? (
        <>
          <p className="mt-2 text-lg font-semibold">{mn.search.emptyTitle(q)}</p>
          <p className="mt-1 max-w-2xl text-muted">{mn.search.emptyHint}</p>
          {category ? (
            <p className="mt-3">
              <Link to={`/search?q=${encodeURIComponent(q)}`} className="font-semibold text-brand hover:underline">
                {mn.search.withoutCategory(category.title)}
              </Link>
            </p>
          ) : null}
          <SearchStart popular={queries} categories={categories} />
        </>
      ) : (
        <>
          <SearchTabs q={q} type={type} counts={result.counts} capped={result.capped_counts} search={search} />
          <div className="mt-4 mb-5 flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted" aria-live="polite">
              {mn.search.count(result.total, result.capped_counts.includes(type))}
            </p>
            <SearchFilters search={search} sort={sort} category={category?.slug ?? ''} categories={categories} />
          </div>
          <ItemGrid items={result.data} eagerCount={FIRST_ROW} label={mn.search.resultsFor(q)} />
          <Pagination pathname={pathname} search={search} current={result.current_page} last={result.last_page} />
        </>
      )}
    </div>
  );
}
