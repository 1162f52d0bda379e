import type { Position } from '@nomsan/contracts/library';

/** Where the reader was in a book, on this device or as the library keeps it for the member. */
export interface ReadingPlace {
  cfi: string;
  changedAt: string;
}

const keyOf = (bookId: number) => `nomsan:reader:place:${bookId}`;

export function localPlace(storage: Pick<Storage, 'getItem'>, bookId: number): ReadingPlace | null {
  try {
    const value: unknown = JSON.parse(storage.getItem(keyOf(bookId)) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { cfi, changedAt } = value as Record<string, unknown>;
    return typeof cfi === 'string' && typeof changedAt === 'string' ? { cfi, changedAt } : null;
  } catch {
    return null;
  }
}

export function keepLocalPlace(storage: Pick<Storage, 'setItem'>, bookId: number, place: ReadingPlace): void {
  try {
    storage.setItem(keyOf(bookId), JSON.stringify(place));
  } catch {
    // private mode or a full quota: the place is still saved to the library for a member
  }
}

/** The member's e-book place as the library keeps it (positions of a title, one per format). */
export function libraryPlace(positions: readonly Position[]): ReadingPlace | null {
  const ebook = positions.find((position) => position.format === 'ebook' && position.locator);
  return ebook?.locator ? { cfi: ebook.locator, changedAt: ebook.changed_at } : null;
}

/** The newer of two places (latest update wins, as across devices); the first on a tie. */
export function newerPlace(a: ReadingPlace | null, b: ReadingPlace | null): ReadingPlace | null {
  if (!a || !b) return a ?? b;
  return Date.parse(b.changedAt) > Date.parse(a.changedAt) ? b : a;
}
