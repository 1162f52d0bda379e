import type { WebLoadContext } from '@nomsan/contracts/web-context';
import { pageParam, requirePageInRange } from '~/lib/loaders.server';

/** The order of a format page's full list; none: the page shows its shelves. */
export type FormatListSort = 'popular' | 'newest';

/**
 * What `/audio` and `/book` show: their shelves, or with `?sort=` (where a shelf's "Бүгдийг
 * харах" leads) the format's whole list in that order, a page at a time; the category chips
 * either way.
 */
export async function loadFormatPage(
  context: WebLoadContext,
  request: Request,
  tab: 'audio' | 'ebook',
  format: 'audiobook' | 'ebook',
) {
  const param = new URL(request.url).searchParams.get('sort');
  const sort: FormatListSort | null = param === 'popular' || param === 'newest' ? param : null;
  const page = pageParam(request);
  const [categories, feed, books] = await Promise.all([
    context.api.categories().catch(() => []),
    sort ? null : context.api.newsfeedTab(tab),
    sort ? context.api.booksInFormat(format, page, 24, sort) : null,
  ]);
  if (books) requirePageInRange(page, books.last_page);
  return { categories, feed, books, sort, page };
}
