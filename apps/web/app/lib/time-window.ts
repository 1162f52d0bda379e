import { useEffect, useState } from 'react';

export interface TimeWindow {
  start: Date;
  end: Date;
}

/** Times are Ulaanbaatar local time (UTC+8), as the campaigns are announced. */
export const HALLOWEEN_WINDOW: TimeWindow = {
  start: new Date('2025-10-13T00:00:00+08:00'),
  end: new Date('2025-11-02T23:59:59+08:00'),
};

export function isWithin(now: Date, window: TimeWindow): boolean {
  const t = now.getTime();
  return t >= window.start.getTime() && t <= window.end.getTime();
}

/**
 * Whether now falls in the window, re-checked every `intervalMs`. Server rendering and the
 * first client render say false, so the markup matches; the check runs after hydration.
 * The clock is `Date.now`, which tests replace (Playwright's clock, Vitest's fake timers).
 */
export function useTimeWindow(window: TimeWindow, intervalMs: number): boolean {
  const [inside, setInside] = useState(false);
  useEffect(() => {
    const check = () => setInside(isWithin(new Date(Date.now()), window));
    check();
    const timer = setInterval(check, intervalMs);
    return () => clearInterval(timer);
  }, [window, intervalMs]);
  return inside;
}
