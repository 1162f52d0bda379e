import { useLocation, useNavigate, useRevalidator } from 'react-router';
import { WISHLIST_PAGE_SIZE } from '@nomsan/contracts/library';
import { libraryEndpoints } from '@nomsan/contracts/library.endpoints';
import { mn } from '@nomsan/contracts/messages';
import { LibraryEmpty } from '~/features/library/library-empty';
import { SavedGrid } from '~/features/library/saved-grid';
import { requireSignedIn } from '~/lib/auth.server';
import { pageHref } from '~/lib/links';
import { pageParam, requirePageInRange } from '~/lib/loaders.server';
import { privatePageMeta } from '~/lib/meta';
import { Pagination } from '~/ui/pagination';
import type { Route } from './+types/my-library-saved';

export async function loader({ context, request }: Route.LoaderArgs) {
  const page = pageParam(request);
  const { data } = await requireSignedIn(
    request,
    context.api.call(libraryEndpoints.wishlist, { query: { page, 'page[size]': WISHLIST_PAGE_SIZE } }),
  );
  requirePageInRange(page, data.last_page);
  return { entries: data.data, total: data.total, page: data.current_page, lastPage: data.last_page };
}

export const meta: Route.MetaFunction = () => privatePageMeta(`${mn.wishlist.title} · ${mn.library.title}`);

/** `/my-library/saved`: the books the member keeps for later (the wishlist), newest first. */
export default function LibrarySaved({ loaderData }: Route.ComponentProps) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  if (loaderData.total === 0) return <LibraryEmpty title={mn.wishlist.emptyTitle} hint={mn.wishlist.emptyHint} />;
  // an emptied page past the first steps back to the one before; otherwise the list reloads
  const onRemoved = (remaining: number) =>
    remaining === 0 && loaderData.page > 1
      ? void navigate(pageHref(pathname, search, loaderData.page - 1), { replace: true })
      : void revalidate();
  return (
    <>
      <SavedGrid entries={loaderData.entries} onRemoved={onRemoved} />
      <Pagination pathname={pathname} search={search} current={loaderData.page} last={loaderData.lastPage} />
    </>
  );
}
