import { describe, expect, it } from 'vitest';
import { rememberLinking, takeIntent } from './oauth-intent';

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, value),
  };
}

describe('telling a link from a sign-in at the provider callback', () => {
  it('links once, for the provider the settings page started with', () => {
    const storage = memoryStorage();
    rememberLinking('google', storage);
    expect(takeIntent('google', storage)).toBe('link');
    expect(takeIntent('google', storage)).toBe('login');
  });

  it('signs in for another provider, or after the 10-minute window', () => {
    const storage = memoryStorage();
    rememberLinking('google', storage);
    expect(takeIntent('toki', storage)).toBe('login');
    rememberLinking('google', storage);
    expect(takeIntent('google', storage, Date.now() + 11 * 60_000)).toBe('login');
    expect(takeIntent('facebook', storage)).toBe('login');
  });
});
