import { describe, expect, it } from 'vitest';
import { formatCountdown } from './countdown';

describe('the countdown', () => {
  it('shows minutes and seconds, then hours, then days (spec: days plus h:m:s)', () => {
    expect(formatCountdown(60)).toBe('1:00');
    expect(formatCountdown(59)).toBe('0:59');
    expect(formatCountdown(3725)).toBe('1:02:05');
    expect(formatCountdown(90_061)).toBe('1 өдөр 01:01:01');
  });

  it('never shows a negative or fractional time', () => {
    expect(formatCountdown(-5)).toBe('0:00');
    expect(formatCountdown(0.2)).toBe('0:01');
  });
});
