import { useLocation } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { FeedPage } from '~/features/catalog/feed-page';
import { FormatList } from '~/features/catalog/format-list';
import { loadFormatPage } from '~/features/catalog/format-page.server';
import { CategoryChips } from '~/features/category/category-chips';
import { baseUrlFrom, pageMeta } from '~/lib/meta';
import { Pagination } from '~/ui/pagination';
import type { Route } from './+types/audio';

export const loader = ({ context, request }: Route.LoaderArgs) =>
  loadFormatPage(context, request, 'audio', 'audiobook');

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const sort = loaderData?.sort ?? null;
  const page = loaderData?.page ?? 1;
  const query = [sort ? `sort=${sort}` : '', page > 1 ? `page=${page}` : ''].filter(Boolean).join('&');
  return pageMeta({
    title: sort ? mn.lists.allAudiobooks[sort] : mn.tabs.audio,
    path: `/audio${query ? `?${query}` : ''}`,
    baseUrl: baseUrlFrom(matches),
  });
};

/** `/audio`: the shelves, or (`?sort=`) the whole list; the category chips on both. */
export default function Audio({ loaderData }: Route.ComponentProps) {
  const { categories, feed, books, sort } = loaderData;
  const { pathname, search } = useLocation();
  const chips = <CategoryChips categories={categories} active="" />;
  if (sort && books) {
    return (
      <FormatList
        heading={mn.lists.allAudiobooks[sort]}
        nav={chips}
        items={books.data}
        pagination={
          <Pagination pathname={pathname} search={search} current={books.current_page} last={books.last_page} />
        }
      />
    );
  }
  return feed ? <FeedPage heading={mn.tabs.audio} feed={feed} nav={chips} /> : null;
}
