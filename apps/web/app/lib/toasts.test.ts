import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_MS, toast, useToasts } from './toasts';

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('hide themselves after 2.5 seconds', () => {
    toast.success('Амжилттай');
    expect(useToasts.getState().toasts.map((t) => t.text)).toEqual(['Амжилттай']);
    vi.advanceTimersByTime(TOAST_MS - 1);
    expect(useToasts.getState().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(useToasts.getState().toasts).toHaveLength(0);
  });
});
