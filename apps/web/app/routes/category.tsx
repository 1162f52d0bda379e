import { data, useLocation } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { FIRST_ROW, ItemGrid } from '~/features/catalog/item-grid';
import { CategoryChips, SortLinks } from '~/features/category/category-chips';
import { href } from '~/lib/links';
import { pageParam, requirePageInRange } from '~/lib/loaders.server';
import { baseUrlFrom, pageMeta } from '~/lib/meta';
import { breadcrumbJsonLd } from '~/lib/structured-data';
import { Breadcrumbs } from '~/ui/breadcrumbs';
import { JsonLd } from '~/ui/json-ld';
import { Pagination } from '~/ui/pagination';
import type { Route } from './+types/category';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const sort = new URL(request.url).searchParams.get('sort') === 'newest' ? 'newest' : 'popular';
  const page = pageParam(request);
  const categories = await context.api.categories();
  const category = categories.find((c) => c.slug === params.slug);
  if (!category) throw data(null, { status: 404 });
  const books = await context.api.booksInCategory(category.slug, page, 24, sort);
  requirePageInRange(page, books.last_page);
  return { categories, category, books, sort, page } as const;
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return pageMeta({});
  const { category, page, sort } = loaderData;
  const query = [sort === 'newest' ? 'sort=newest' : '', page > 1 ? `page=${page}` : ''].filter(Boolean).join('&');
  return pageMeta({
    title: page > 1 ? `${category.title} — ${mn.pagination.page(page)}` : category.title,
    description: mn.lists.categoryDescription(category.title, category.books_count),
    path: `${href.category(category.slug)}${query ? `?${query}` : ''}`,
    baseUrl: baseUrlFrom(matches),
  });
};

export default function CategoryPage({ loaderData, matches }: Route.ComponentProps) {
  const { categories, category, books, sort } = loaderData;
  const { pathname, search } = useLocation();
  const crumbs = [{ name: category.title, path: href.category(category.slug) }];
  return (
    <div className="mx-auto max-w-screen-2xl px-4 pt-4 pb-10 lg:px-6">
      <JsonLd data={breadcrumbJsonLd(crumbs, baseUrlFrom(matches))} />
      <Breadcrumbs crumbs={crumbs} />
      <div className="mt-4">
        <CategoryChips categories={categories} active={category.slug} />
      </div>
      <div className="mt-6 mb-5 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{category.title}</h1>
          <p className="mt-1 text-sm text-muted">{mn.lists.results(books.total)}</p>
        </div>
        <SortLinks pathname={pathname} sort={sort} />
      </div>
      <ItemGrid items={books.data} eagerCount={FIRST_ROW} label={mn.lists.categoryTitle(category.title)} />
      <Pagination pathname={pathname} search={search} current={books.current_page} last={books.last_page} />
    </div>
  );
}
