import { formatCountdown, useCountdown } from '~/lib/countdown';

/**
 * The spec's countdown: counts down seconds (1 s tick) and signals completion through `onDone`
 * (the code step re-enables "resend" with it). A timer role, so screen readers do not announce
 * every second.
 */
export function Countdown({
  seconds,
  restartKey,
  onDone,
  className = '',
}: {
  seconds: number;
  restartKey?: unknown;
  onDone?: () => void;
  className?: string;
}) {
  const remaining = useCountdown(seconds, { restartKey, onDone });
  return (
    <span role="timer" className={`tabular-nums ${className}`}>
      {formatCountdown(remaining)}
    </span>
  );
}
