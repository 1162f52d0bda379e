import { formatCountdown, useCountdown } from '~/lib/countdown';

/**
 * The spec's countdown: counts down seconds (1 s tick) and signals completion through `onDone`
 * (the code step re-enables "resend" with it). A timer role, so screen readers do not announce
 * every second. `format` puts the time into a sentence ('0:59 дараа дахин оролдоно уу.').
 */
export function Countdown({
  seconds,
  restartKey,
  onDone,
  format,
  className = '',
}: {
  seconds: number;
  restartKey?: unknown;
  onDone?: () => void;
  format?: (time: string) => string;
  className?: string;
}) {
  const remaining = useCountdown(seconds, { restartKey, onDone });
  const time = formatCountdown(remaining);
  return (
    <span role="timer" className={`tabular-nums ${className}`}>
      {format ? format(time) : time}
    </span>
  );
}
