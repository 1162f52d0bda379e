import { describe, expect, it } from 'vitest';
import { HALLOWEEN_WINDOW, isWithin } from './time-window';

describe('the Halloween window', () => {
  it('opens at 2025-10-13 00:00:00 Ulaanbaatar time', () => {
    expect(isWithin(new Date('2025-10-12T23:59:59+08:00'), HALLOWEEN_WINDOW)).toBe(false);
    expect(isWithin(new Date('2025-10-13T00:00:00+08:00'), HALLOWEEN_WINDOW)).toBe(true);
  });

  it('closes after 2025-11-02 23:59:59 Ulaanbaatar time', () => {
    expect(isWithin(new Date('2025-11-02T23:59:59+08:00'), HALLOWEEN_WINDOW)).toBe(true);
    expect(isWithin(new Date('2025-11-03T00:00:00+08:00'), HALLOWEEN_WINDOW)).toBe(false);
  });
});
