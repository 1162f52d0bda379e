import { useEffect, useRef, useState } from 'react';
import { mn } from '@nomsan/contracts/messages';

/** The spec's countdown tick. */
export const COUNTDOWN_TICK_MS = 1_000;

const two = (n: number) => String(n).padStart(2, '0');

/** 59 -> '0:59', 3725 -> '1:02:05', 90061 -> '1 өдөр 01:01:01' */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.ceil(totalSeconds));
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3_600);
  const minutes = Math.floor((seconds % 3_600) / 60);
  const rest = seconds % 60;
  if (days > 0) return `${days} ${mn.countdown.days} ${two(hours)}:${two(minutes)}:${two(rest)}`;
  if (hours > 0) return `${hours}:${two(minutes)}:${two(rest)}`;
  return `${minutes}:${two(rest)}`;
}

/**
 * Seconds left of a countdown from `seconds`, ticking every second; `onDone` is called once when
 * it reaches zero. A new `restartKey` (e.g. a new code's id) starts it again. The remaining time
 * is measured against the clock, so a throttled background tab still ends on time.
 */
export function useCountdown(seconds: number, options: { restartKey?: unknown; onDone?: () => void } = {}): number {
  const { restartKey } = options;
  const [run, setRun] = useState({ seconds, restartKey, remaining: seconds });
  // A new start resets the count while rendering (state derived from props, no extra render).
  if (run.seconds !== seconds || run.restartKey !== restartKey) {
    setRun({ seconds, restartKey, remaining: seconds });
  }
  const onDone = useRef(options.onDone);
  useEffect(() => {
    onDone.current = options.onDone;
  });
  useEffect(() => {
    if (seconds <= 0) {
      onDone.current?.();
      return;
    }
    const deadline = Date.now() + seconds * 1000;
    const timer = setInterval(() => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setRun((current) => ({ ...current, remaining: left }));
      if (left === 0) {
        clearInterval(timer);
        onDone.current?.();
      }
    }, COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [seconds, restartKey]);
  return run.seconds === seconds && run.restartKey === restartKey ? run.remaining : seconds;
}
