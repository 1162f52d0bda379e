import { mn } from '@nomsan/contracts/messages';

const mnt = new Intl.NumberFormat('mn-MN', { maximumFractionDigits: 0, useGrouping: true });

/** 12900 -> '12 900₮' (space as thousands separator whatever the runtime's locale data says) */
export function formatMnt(amount: number): string {
  return `${mnt.format(amount).replace(/[\s,.\u00a0\u202f]/g, ' ')}₮`;
}

/** 5400 -> '1 цаг 30 мин' */
export function formatDuration(seconds: number): string {
  // a short recording (a preview, the demo's) is told to the second: "27 сек", not "1 мин"
  if (seconds < 600) {
    const whole = Math.max(1, Math.round(seconds));
    return whole < 60 ? mn.book.seconds(whole) : mn.book.minutesSeconds(Math.floor(whole / 60), whole % 60);
  }
  const totalMinutes = Math.round(seconds / 60);
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  return hours > 0 ? mn.book.hoursMinutes(hours, minutes) : mn.book.minutes(minutes);
}

/** A player's clock: 75 -> '1:15', 3725 -> '1:02:05' (whole seconds, never negative). */
export function formatClock(seconds: number): string {
  const total = Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds)) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const secs = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${secs}` : `${minutes}:${secs}`;
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
