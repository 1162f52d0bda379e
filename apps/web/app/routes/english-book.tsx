import { useLocation } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { ListPage } from '~/features/catalog/list-page';
import { optional, pageParam, requirePageInRange } from '~/lib/loaders.server';
import { baseUrlFrom, pageMeta } from '~/lib/meta';
import { Pagination } from '~/ui/pagination';
import type { Route } from './+types/english-book';

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = pageParam(request);
  const [feed, books] = await Promise.all([
    page === 1 ? optional(context.api.newsfeedTab('english'), null) : null,
    // The grid is secondary on the first page (the shelves carry it); later pages are the grid.
    page === 1 ? optional(context.api.englishBooks(page), null) : context.api.englishBooks(page),
  ]);
  if (books) requirePageInRange(page, books.last_page);
  return { shelves: feed?.shelves ?? [], books, page };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const page = loaderData?.page ?? 1;
  return pageMeta({
    title: page > 1 ? `${mn.tabs.englishBook} — ${mn.pagination.page(page)}` : mn.tabs.englishBook,
    description: mn.lists.englishBooksLead,
    path: page > 1 ? `/english-book?page=${page}` : '/english-book',
    baseUrl: baseUrlFrom(matches),
  });
};

export default function EnglishBooks({ loaderData }: Route.ComponentProps) {
  const { shelves, books } = loaderData;
  const { pathname, search } = useLocation();
  return (
    <ListPage
      heading={mn.tabs.englishBook}
      intro={mn.lists.englishBooksLead}
      shelves={shelves}
      gridHeading={mn.lists.allEnglishBooks}
      items={books?.data ?? null}
      pagination={
        books ? (
          <Pagination pathname={pathname} search={search} current={books.current_page} last={books.last_page} />
        ) : null
      }
    />
  );
}
