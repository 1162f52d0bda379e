import { useLocation } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { ListPage } from '~/features/catalog/list-page';
import { optional, pageParam, requirePageInRange } from '~/lib/loaders.server';
import { baseUrlFrom, pageMeta } from '~/lib/meta';
import { Pagination } from '~/ui/pagination';
import type { Route } from './+types/summaries';

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = pageParam(request);
  const [feed, summaries] = await Promise.all([
    page === 1 ? optional(context.api.newsfeedTab('summary'), null) : null,
    // The grid is secondary on the first page (the shelves carry it); later pages are the grid.
    page === 1 ? optional(context.api.summaries(page), null) : context.api.summaries(page),
  ]);
  if (summaries) requirePageInRange(page, summaries.last_page);
  return { shelves: feed?.shelves ?? [], summaries, page };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const page = loaderData?.page ?? 1;
  return pageMeta({
    title: page > 1 ? `${mn.tabs.summary} — ${mn.pagination.page(page)}` : mn.tabs.summary,
    description: mn.lists.summariesLead,
    path: page > 1 ? `/summaries?page=${page}` : '/summaries',
    baseUrl: baseUrlFrom(matches),
  });
};

export default function Summaries({ loaderData }: Route.ComponentProps) {
  const { shelves, summaries } = loaderData;
  const { pathname, search } = useLocation();
  return (
    <ListPage
      heading={mn.tabs.summary}
      intro={mn.lists.summariesLead}
      shelves={shelves}
      gridHeading={mn.lists.allSummaries}
      items={summaries?.data ?? null}
      pagination={
        summaries ? (
          <Pagination pathname={pathname} search={search} current={summaries.current_page} last={summaries.last_page} />
        ) : null
      }
    />
  );
}
