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
