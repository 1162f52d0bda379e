import { describe, expect, it } from 'vitest';
import { readFraction, sectionShares } from './reading-progress';

describe("the reader's progress", () => {
  // a short book: a cover without text (not linear), then chapters of 2 600, 3 900 and 3 500 bytes
  const shares = sectionShares([{ linear: 'no', size: 900 }, { size: 2_600 }, { size: 3_900 }, { size: 3_500 }]);

  it('weighs each linear section by its bytes', () => {
    expect(shares).toEqual([0, 0.26, 0.39, 0.35]);
  });

  it('counts what is on screen when scrolling, as paging does: the first screen of a short book is 26 %, not 0 %', () => {
    const paged = { scrolled: false, start: 0, size: 800, viewSize: 3_200 };
    expect(readFraction(0.26, 1, shares, paged)).toBe(0.26);
    // foliate-js reports the top of the view when scrolling: 0 on the first screen
    const firstScreen = { scrolled: true, start: 0, size: 900, viewSize: 900 };
    expect(readFraction(0, 1, shares, firstScreen)).toBeCloseTo(0.26);
    const halfway = { scrolled: true, start: 600, size: 600, viewSize: 2_400 };
    expect(readFraction(0.26 + 0.25 * 0.39, 2, shares, halfway)).toBeCloseTo(0.26 + 0.5 * 0.39);
  });

  it('stays between 0 and 1 whatever foliate-js reports', () => {
    const paged = { scrolled: false, start: 0, size: 0, viewSize: 0 };
    expect(readFraction(undefined, undefined, shares, paged)).toBe(0);
    expect(readFraction(Number.NaN, 1, shares, paged)).toBe(0);
    expect(readFraction(1.2, 3, shares, paged)).toBe(1);
    expect(readFraction(0.9, 3, shares, { scrolled: true, start: 0, size: 100, viewSize: 0 })).toBe(0.9);
  });
});
