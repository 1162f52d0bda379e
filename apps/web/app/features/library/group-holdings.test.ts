import { describe, expect, it } from 'vitest';
import { groupHoldings, type OwnedItem } from './group-holdings';

const grant = (overrides: Partial<OwnedItem>): OwnedItem => ({
  item_type: 'book',
  item_id: 1,
  format: 'audiobook',
  reason: 'purchase',
  until: null,
  granted_at: '2025-01-01T00:00:00.000Z',
  ...overrides,
});

describe('groupHoldings', () => {
  it('gives nothing for nothing', () => {
    expect(groupHoldings([])).toEqual([]);
  });

  it('makes one holding of the formats of one title, formats in a fixed order', () => {
    const holdings = groupHoldings([
      grant({ format: 'ebook', granted_at: '2025-02-01T00:00:00.000Z' }),
      grant({ format: 'audiobook', reason: 'credit_unlock', granted_at: '2025-01-01T00:00:00.000Z' }),
    ]);
    expect(holdings).toEqual([
      {
        item_type: 'book',
        item_id: 1,
        formats: ['audiobook', 'ebook'],
        reasons: ['purchase', 'credit_unlock'],
        until: null,
        granted_at: '2025-02-01T00:00:00.000Z',
      },
    ]);
  });

  it('lists a format and a reason once when two grants give the same', () => {
    const [holding] = groupHoldings([
      grant({ reason: 'bundle' }),
      grant({ reason: 'purchase' }),
      grant({ reason: 'bundle', format: 'ebook' }),
    ]);
    expect(holding?.formats).toEqual(['audiobook', 'ebook']);
    expect(holding?.reasons).toEqual(['bundle', 'purchase']);
  });

  it('keeps titles apart, a book and a summary of the same id too, in the order first met', () => {
    const holdings = groupHoldings([
      grant({ item_id: 7 }),
      grant({ item_type: 'summary', item_id: 1, format: 'summary' }),
      grant({ item_id: 1 }),
      grant({ item_id: 7, format: 'ebook' }),
    ]);
    expect(holdings.map((h) => `${h.item_type}:${h.item_id}:${h.formats.join('+')}`)).toEqual([
      'book:7:audiobook+ebook',
      'summary:1:summary',
      'book:1:audiobook',
    ]);
  });

  it('holds a title for good when any grant is for good, else until the latest end', () => {
    const [forGood] = groupHoldings([
      grant({ reason: 'rental', until: '2025-03-01T00:00:00.000Z' }),
      grant({ format: 'ebook' }),
    ]);
    expect(forGood?.until).toBeNull();
    const [rented] = groupHoldings([
      grant({ reason: 'rental', until: '2025-03-01T00:00:00.000Z' }),
      grant({ reason: 'rental', format: 'ebook', until: '2025-04-01T00:00:00.000Z' }),
    ]);
    expect(rented?.until).toBe('2025-04-01T00:00:00.000Z');
  });
});
