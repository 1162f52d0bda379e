import type { z } from 'zod';
import { isApiError } from '@nomsan/contracts/client';
import type { ownedItemsResponse } from '@nomsan/contracts/money';
import type { WebLoadContext } from '@nomsan/contracts/web-context';
import { requireSignedIn } from '~/lib/auth.server';
import { pageParam, requirePageInRange } from '~/lib/loaders.server';
import { groupHoldings, type Holding } from './group-holdings';
import type { LibraryCard } from './library-grid';

type OwnedPage = z.infer<typeof ownedItemsResponse>['data'];

/**
 * One page of a library list (`?page=`): the member's grants grouped by title, each with its
 * card from the catalogue. A title the catalogue no longer shows is left out.
 */
export async function libraryPage(
  context: WebLoadContext,
  request: Request,
  list: (page: number) => Promise<OwnedPage>,
) {
  const page = pageParam(request);
  const owned = await requireSignedIn(request, list(page));
  requirePageInRange(page, owned.last_page);
  const cards = await Promise.all(groupHoldings(owned.data).map((holding) => cardOf(context, holding)));
  return {
    cards: cards.filter((card): card is LibraryCard => card !== null),
    total: owned.total,
    page: owned.current_page,
    lastPage: owned.last_page,
  };
}

async function cardOf(context: WebLoadContext, holding: Holding): Promise<LibraryCard | null> {
  const { formats, reasons, until } = holding;
  const key = `${holding.item_type}-${holding.item_id}`;
  try {
    const item =
      holding.item_type === 'summary'
        ? await context.api.summary(holding.item_id)
        : await context.api.book(holding.item_id);
    return {
      key,
      title: item.title,
      href: item.web_link,
      cover: item.cover,
      authors: item.authors.map((a) => a.name).join(', '),
      square: item.type === 'summary',
      formats,
      reasons,
      until,
    };
  } catch (error) {
    // withdrawn from the catalogue: nothing to show or link to
    if (isApiError(error) && error.status === 404) return null;
    context.logError(error, `library card ${key} failed`);
    return null;
  }
}
