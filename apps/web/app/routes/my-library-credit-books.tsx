import { useLocation } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { LibraryEmpty } from '~/features/library/library-empty';
import { LibraryGrid } from '~/features/library/library-grid';
import { libraryPage } from '~/features/library/library-page.server';
import { privatePageMeta } from '~/lib/meta';
import { Pagination } from '~/ui/pagination';
import type { Route } from './+types/my-library-credit-books';

export async function loader({ context, request }: Route.LoaderArgs) {
  return libraryPage(context, request, (page) => context.api.creditUnlocks(page));
}

export const meta: Route.MetaFunction = () => privatePageMeta(`${mn.moneyPages.creditBooks} · ${mn.library.title}`);

/** `/my-library/my-credit-books`: the titles the member unlocked with credits. */
export default function LibraryCreditBooks({ loaderData }: Route.ComponentProps) {
  const { pathname, search } = useLocation();
  if (loaderData.total === 0)
    return <LibraryEmpty title={mn.moneyPages.creditBooksEmptyTitle} hint={mn.moneyPages.creditBooksEmptyHint} />;
  return (
    <>
      <LibraryGrid cards={loaderData.cards} label={mn.moneyPages.creditBooks} />
      <Pagination pathname={pathname} search={search} current={loaderData.page} last={loaderData.lastPage} />
    </>
  );
}
