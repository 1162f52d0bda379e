import type { z } from 'zod';
import type { ownedItem } from '@nomsan/contracts/money';

export type OwnedItem = z.infer<typeof ownedItem>;
export type OwnedFormat = OwnedItem['format'];

/** One title the member holds: every format of it they have, and why. */
export interface Holding {
  item_type: OwnedItem['item_type'];
  item_id: number;
  /** audiobook, ebook, summary: in that order, each once */
  formats: OwnedFormat[];
  /** why, each once, in the order first met (the API lists the newest grant first) */
  reasons: string[];
  /** until when the title is held; null when some grant of it is for good */
  until: string | null;
  /** the newest grant's time */
  granted_at: string;
}

const FORMAT_ORDER: readonly OwnedFormat[] = ['audiobook', 'ebook', 'summary'];

/**
 * The API lists one row per title, format and cause (a book bought as an audiobook and then as an
 * e-book is two rows; one bought and also in a bundle is two as well): one holding per title,
 * in the order the titles first appear.
 */
export function groupHoldings(items: readonly OwnedItem[]): Holding[] {
  const byTitle = new Map<string, Holding>();
  for (const item of items) {
    const key = `${item.item_type}:${item.item_id}`;
    const holding = byTitle.get(key);
    if (!holding) {
      byTitle.set(key, {
        item_type: item.item_type,
        item_id: item.item_id,
        formats: [item.format],
        reasons: [item.reason],
        until: item.until,
        granted_at: item.granted_at,
      });
      continue;
    }
    if (!holding.formats.includes(item.format)) holding.formats.push(item.format);
    if (!holding.reasons.includes(item.reason)) holding.reasons.push(item.reason);
    holding.until = holding.until === null || item.until === null ? null : later(holding.until, item.until);
    holding.granted_at = later(holding.granted_at, item.granted_at);
  }
  const holdings = [...byTitle.values()];
  for (const holding of holdings) {
    holding.formats.sort((a, b) => FORMAT_ORDER.indexOf(a) - FORMAT_ORDER.indexOf(b));
  }
  return holdings;
}

function later(a: string, b: string): string {
  return Date.parse(b) > Date.parse(a) ? b : a;
}
