import { describe, expect, it } from 'vitest';
import { keepLocalPlace, libraryPlace, localPlace, newerPlace } from './reading-position';

const memory = () => {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
};

describe('the reading place', () => {
  it('keeps the place per book on this device', () => {
    const storage = memory();
    keepLocalPlace(storage, 7, { cfi: 'epubcfi(/6/4!/4/2,/1:0,/1:10)', changedAt: '2026-01-01T00:00:00.000Z' });
    expect(localPlace(storage, 7)).toEqual({
      cfi: 'epubcfi(/6/4!/4/2,/1:0,/1:10)',
      changedAt: '2026-01-01T00:00:00.000Z',
    });
    expect(localPlace(storage, 8)).toBeNull();
    expect(localPlace({ getItem: () => '{"cfi":1}' }, 7)).toBeNull();
  });

  it("takes the library's e-book place, not the audiobook's", () => {
    const base = { item_type: 'book', item_id: 1, chapter: 1, seconds: 0, progress: 0.5, speed: 1 } as const;
    expect(
      libraryPlace([
        { ...base, format: 'audiobook', locator: null, changed_at: '2026-01-02T00:00:00Z' },
        { ...base, format: 'ebook', locator: 'epubcfi(/6/8!/4)', changed_at: '2026-01-01T00:00:00Z' },
      ]),
    ).toEqual({ cfi: 'epubcfi(/6/8!/4)', changedAt: '2026-01-01T00:00:00Z' });
    expect(libraryPlace([])).toBeNull();
  });

  it('lets the newer place win, whatever the offsets they were written with', () => {
    const here = { cfi: 'a', changedAt: '2026-01-01T10:00:00+08:00' };
    const there = { cfi: 'b', changedAt: '2026-01-01T03:00:00Z' };
    expect(newerPlace(here, there)).toBe(there);
    expect(newerPlace(there, here)).toBe(there);
    expect(newerPlace(null, here)).toBe(here);
    expect(newerPlace(here, null)).toBe(here);
  });
});
