import { describe, expect, it } from 'vitest';
import { formatDateTime } from '~/lib/format';
import { isoToUbInput, ubInputToIso } from './ub-time';

describe('date-time fields in Ulaanbaatar time', () => {
  it('reads what was picked as Ulaanbaatar time, whatever the browser’s zone', () => {
    expect(ubInputToIso('2026-05-01T09:30')).toBe('2026-05-01T09:30:00+08:00');
    expect(new Date(ubInputToIso('2026-05-01T09:30')!).toISOString()).toBe('2026-05-01T01:30:00.000Z');
    expect(ubInputToIso('2026-05-01T09:30:15')).toBe('2026-05-01T09:30:15+08:00');
    for (const wrong of ['', '2026-05-01', '2026-13-01T09:30', 'tomorrow'])
      expect(ubInputToIso(wrong), wrong).toBeNull();
  });

  it('shows an instant as the picker and the pages do, across midnight', () => {
    expect(isoToUbInput('2026-05-01T17:45:00Z')).toBe('2026-05-02T01:45');
    expect(isoToUbInput(null)).toBe('');
    expect(isoToUbInput('not a date')).toBe('');
    const iso = '2026-12-31T20:05:00.000Z';
    expect(isoToUbInput(iso).replace('T', ' ').replace(/-/g, '.')).toBe(formatDateTime(iso));
    expect(ubInputToIso(isoToUbInput(iso))).toBe('2027-01-01T04:05:00+08:00');
  });
});
