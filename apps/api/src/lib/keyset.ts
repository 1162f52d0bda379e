import { mn } from '@nomsan/contracts/messages';
import { AppError } from '../errors';

/**
 * The back office's keyset lists (titles, summaries, bundles; docs/catalog-desk.md): a page
 * starts after the last row of the page before, named by its sort value and its id, so no row
 * is shown twice or lost while others change, and page 1 000 costs what page 1 costs.
 */

/** a page's last row, as the next page starts after it */
export type Cursor = [string, number];

/** a keyset page's `next`: the last row's sort value and id */
export const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

/** the cursor of `after`; none for the first page; a cursor nobody made is the filter's field error */
export function decodeCursor(text: string | undefined): Cursor | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      typeof value[0] === 'string' &&
      Number.isSafeInteger(value[1]) &&
      value[0].length < 200
    ) {
      return [value[0], value[1] as number];
    }
  } catch {
    // falls through: a cursor nobody made
  }
  throw new AppError('VALIDATION_ERROR', mn.catalogDesk.filterInvalid, { after: mn.catalogDesk.filterInvalid });
}

/** `text` for a `like` pattern: its wildcards taken as letters */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
