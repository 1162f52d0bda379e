/**
 * The back office's date-time fields are in Ulaanbaatar time whatever the browser's zone is
 * (editors plan publications for the store's members, not for the laptop they travel with).
 * Mongolia keeps UTC+8 all year (no summer time since 2017), so the offset is fixed.
 */
const UB_OFFSET = '+08:00';
const UB_OFFSET_MS = 8 * 60 * 60 * 1000;

/** `<input type="datetime-local">`'s value ('2026-05-01T09:30') read as Ulaanbaatar time: an ISO instant with its offset; null when empty or not a time. */
export function ubInputToIso(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const iso = `${value.length === 16 ? `${value}:00` : value}${UB_OFFSET}`;
  // a day the month does not have (31 June) is no time, not the 1st of July
  return isoToUbInput(iso) === value.slice(0, 16) ? iso : null;
}

/** An instant as `<input type="datetime-local">` shows it in Ulaanbaatar ('2026-05-01T09:30'); '' for none. */
export function isoToUbInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return '';
  return new Date(time + UB_OFFSET_MS).toISOString().slice(0, 16);
}
