import { mn } from '@nomsan/contracts/messages';

const mnt = new Intl.NumberFormat('mn-MN', { maximumFractionDigits: 0, useGrouping: true });

/** 12900 -> '12 900₮' (space as thousands separator whatever the runtime's locale data says) */
export function formatMnt(amount: number): string {
  return `${mnt.format(amount).replace(/[\s,.\u00a0\u202f]/g, ' ')}₮`;
}

/** 5400 -> '1 цаг 30 мин' */
export function formatDuration(seconds: number): string {
  const totalMinutes = Math.max(1, Math.round(seconds / 60));
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  return hours > 0 ? mn.book.hoursMinutes(hours, minutes) : mn.book.minutes(minutes);
}

const DATE = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  timeZone: 'Asia/Ulaanbaatar',
});

/** '2024-03-05T…' -> '2024.03.05', the way Mongolian sites write dates (same on server and client). */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : DATE.format(date).replace(/-/g, '.');
}

const DATE_TIME = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Asia/Ulaanbaatar',
});

/** '2024-03-05T06:07:00Z' -> '2024.03.05 14:07', Ulaanbaatar time (same on server and client). */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    DATE_TIME.formatToParts(date).find((p) => p.type === type)?.value ?? '';
  return `${part('year')}.${part('month')}.${part('day')} ${part('hour')}:${part('minute')}`;
}
