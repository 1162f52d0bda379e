import { describe, expect, it, vi } from 'vitest';
import { BUNDLE_VERSION, deviceUuid } from '~/lib/device';
import { checkAppVersion, deviceName, isChunkLoadError, reloadAfterChunkError, sessionId } from './client-session';

function memoryStorage(initial: Record<string, string> = {}): Storage {
  const data = new Map(Object.entries(initial));
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

describe('client session', () => {
  it('keeps one device uuid', () => {
    const storage = memoryStorage();
    const first = deviceUuid(storage);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(deviceUuid(storage)).toBe(first);
  });

  it('keeps one session id per browser session', () => {
    const storage = memoryStorage();
    expect(sessionId(storage)).toBe(sessionId(storage));
  });

  it('clears caches and reloads when the stored app version differs', async () => {
    const storage = memoryStorage({ appVersion: '1.0.2' });
    const deleteCaches = vi.fn(async () => undefined);
    const reload = vi.fn();
    expect(await checkAppVersion({ storage, deleteCaches, reload })).toBe('reloaded');
    expect(deleteCaches).toHaveBeenCalledOnce();
    expect(reload).toHaveBeenCalledOnce();
    expect(storage.getItem('appVersion')).toBe(BUNDLE_VERSION);
    expect(await checkAppVersion({ storage, deleteCaches, reload })).toBe('current');
    expect(reload).toHaveBeenCalledOnce();
  });

  it('stores the version on a first visit without reloading', async () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(await checkAppVersion({ storage, reload, deleteCaches: async () => undefined })).toBe('installed');
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads after a chunk error at most once per 60 s', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadAfterChunkError({ storage, now: 1_000_000, reload })).toBe(true);
    expect(reloadAfterChunkError({ storage, now: 1_059_999, reload })).toBe(false);
    expect(reloadAfterChunkError({ storage, now: 1_060_000, reload })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('recognises chunk load failures', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('something else'))).toBe(false);
  });

  it('names the device as {browser} on {os}, at most 50 characters', () => {
    expect(
      deviceName('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36'),
    ).toBe('Chrome on Linux');
    expect(
      deviceName(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iOS');
    expect(deviceName('x'.repeat(80)).length).toBeLessThanOrEqual(50);
  });
});
