import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDuration, formatMnt } from './format';

describe('formatting', () => {
  it('shows tögrög with a space between thousands', () => {
    expect(formatMnt(12900)).toBe('12 900₮');
    expect(formatMnt(900)).toBe('900₮');
    expect(formatMnt(1_250_000)).toBe('1 250 000₮');
  });

  it('shows durations in hours and minutes', () => {
    expect(formatDuration(5400)).toBe('1 цаг 30 мин');
    expect(formatDuration(7200)).toBe('2 цаг');
    expect(formatDuration(1500)).toBe('25 мин');
  });

  it('shows a moment in Ulaanbaatar time, whatever the zone of the machine', () => {
    expect(formatDateTime('2025-03-05T06:07:00Z')).toBe('2025.03.05 14:07');
    expect(formatDateTime('2025-12-31T16:30:00Z')).toBe('2026.01.01 00:30');
    expect(formatDateTime('not a date')).toBe('');
  });
});
