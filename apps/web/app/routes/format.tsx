import { useLocation } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { FeedPage } from '~/features/catalog/feed-page';
import { FormatList } from '~/features/catalog/format-list';
import { loadFormatPage } from '~/features/catalog/format-page.server';
import { CategoryChips } from '~/features/category/category-chips';
import { baseUrlFrom, pageMeta } from '~/lib/meta';
import { Pagination } from '~/ui/pagination';
import type { Route } from './+types/format';

/** The two format pages this module serves (routes.ts maps `/audio` and `/book` to it). */
const FORMATS = {
  audio: { path: '/audio', tab: 'audio', format: 'audiobook', heading: mn.tabs.audio, lists: mn.lists.allAudiobooks },
  book: { path: '/book', tab: 'ebook', format: 'ebook', heading: mn.tabs.ebook, lists: mn.lists.allEbooks },
} as const;
type FormatPage = keyof typeof FORMATS;

export const loader = async ({ context, request }: Route.LoaderArgs) => {
  // `/audio`, or `/audio.data` when the client navigates (the router's data request)
  const kind: FormatPage = new URL(request.url).pathname.startsWith(FORMATS.audio.path) ? 'audio' : 'book';
  const { tab, format } = FORMATS[kind];
  return { ...(await loadFormatPage(context, request, tab, format)), kind };
};

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const { path, heading, lists } = FORMATS[loaderData?.kind ?? 'book'];
  const sort = loaderData?.sort ?? null;
  const page = loaderData?.page ?? 1;
  const query = [sort ? `sort=${sort}` : '', page > 1 ? `page=${page}` : ''].filter(Boolean).join('&');
  return pageMeta({
    title: sort ? lists[sort] : heading,
    path: `${path}${query ? `?${query}` : ''}`,
    baseUrl: baseUrlFrom(matches),
  });
};

/** `/audio` and `/book`: the shelves, or (`?sort=`) the whole list; the category chips on both. */
export default function Format({ loaderData }: Route.ComponentProps) {
  const { categories, feed, books, sort, kind } = loaderData;
  const { heading, lists } = FORMATS[kind];
  const { pathname, search } = useLocation();
  const chips = <CategoryChips categories={categories} active="" />;
  if (sort && books) {
    return (
      <FormatList
        heading={lists[sort]}
        nav={chips}
        items={books.data}
        pagination={
          <Pagination pathname={pathname} search={search} current={books.current_page} last={books.last_page} />
        }
      />
    );
  }
  return feed ? <FeedPage heading={heading} feed={feed} nav={chips} /> : null;
}
