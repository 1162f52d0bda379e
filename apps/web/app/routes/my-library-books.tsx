import { useLocation } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { LibraryEmpty } from '~/features/library/library-empty';
import { LibraryGrid } from '~/features/library/library-grid';
import { libraryPage } from '~/features/library/library-page.server';
import { privatePageMeta } from '~/lib/meta';
import { Pagination } from '~/ui/pagination';
import type { Route } from './+types/my-library-books';

export async function loader({ context, request }: Route.LoaderArgs) {
  return libraryPage(context, request, (page) => context.api.ownedBooks(page));
}

export const meta: Route.MetaFunction = () => privatePageMeta(mn.library.title);

/** `/my-library/books`: every title the member holds, however they came by it. */
export default function LibraryBooks({ loaderData }: Route.ComponentProps) {
  const { pathname, search } = useLocation();
  if (loaderData.total === 0) return <LibraryEmpty />;
  return (
    <>
      <LibraryGrid cards={loaderData.cards} label={mn.moneyPages.allBooks} />
      <Pagination pathname={pathname} search={search} current={loaderData.page} last={loaderData.lastPage} />
    </>
  );
}
