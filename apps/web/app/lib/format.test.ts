import { describe, expect, it } from 'vitest';
import { formatClock, formatDateTime, formatDuration, formatMnt } from './format';

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

  it('tells a short recording to the second', () => {
    expect(formatDuration(27)).toBe('27 сек');
    expect(formatDuration(46.4)).toBe('46 сек');
    expect(formatDuration(95)).toBe('1 мин 35 сек');
    expect(formatDuration(120)).toBe('2 мин');
  });

  it("shows a player's clock as m:ss, or h:mm:ss from an hour on", () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(75.9)).toBe('1:15');
    expect(formatClock(3599)).toBe('59:59');
    expect(formatClock(3725)).toBe('1:02:05');
    expect(formatClock(-5)).toBe('0:00');
    expect(formatClock(Number.NaN)).toBe('0:00');
  });

  it('shows a moment in Ulaanbaatar time, whatever the zone of the machine', () => {
    expect(formatDateTime('2025-03-05T06:07:00Z')).toBe('2025.03.05 14:07');
    expect(formatDateTime('2025-12-31T16:30:00Z')).toBe('2026.01.01 00:30');
    expect(formatDateTime('not a date')).toBe('');
  });
});
