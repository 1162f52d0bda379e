import { useState } from 'react';

/** A refusal that says when to try again (429 with Retry-After), as a form shows it. */
export interface RetryWait {
  message: string;
  seconds: number;
  /** the refusal itself: a new one restarts the countdown, the same one seen again does not */
  key: object;
}

/** The wait a failure asks for, if it names one. */
export function retryWaitOf(failure: object | null | undefined): RetryWait | null {
  if (!failure || !('retryAfterS' in failure) || !('message' in failure)) return null;
  const { retryAfterS, message } = failure;
  if (typeof retryAfterS !== 'number' || retryAfterS <= 0 || typeof message !== 'string') return null;
  return { message, seconds: retryAfterS, key: failure };
}

/**
 * The wait of the latest answer (a route action's, a fetcher's, or a browser call's failure):
 * `wait` until its countdown ends (`end`), then `over` so the form can drop the stale refusal.
 * Only a new answer replaces it: the same answer seen again (a revalidation), or none while the
 * next request runs, changes nothing.
 */
export function useRetryWait(answer: object | null | undefined): {
  wait: RetryWait | null;
  over: boolean;
  end: () => void;
} {
  const [state, setState] = useState(() => ({ answer, wait: retryWaitOf(answer), over: false }));
  // Adjusted while rendering (state derived from props), so the first render with a refusal
  // already disables its button.
  if (answer && answer !== state.answer) setState({ answer, wait: retryWaitOf(answer), over: false });
  return {
    wait: state.wait,
    over: state.over,
    end: () => setState((previous) => (previous.wait ? { ...previous, wait: null, over: true } : previous)),
  };
}
