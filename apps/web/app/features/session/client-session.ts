/**
 * Browser-side housekeeping the spec asks for: a random id per browser session in
 * sessionStorage, the app-version check, and the chunk-load reload guard. The device id lives in
 * lib/device.ts (the API client sends it too).
 */

import { BUNDLE_VERSION, safe } from '~/lib/device';

export const CHUNK_RELOAD_GUARD_MS = 60_000;

const KEYS = {
  appVersion: 'appVersion',
  session: 'session',
  lastChunkReload: 'chunk-reload-at',
} as const;

/** A random id for this browser session (tab), kept in sessionStorage. */
export function sessionId(storage: Storage = sessionStorage): string {
  return safe(() => {
    const existing = storage.getItem(KEYS.session);
    if (existing) return existing;
    const id = crypto.randomUUID();
    storage.setItem(KEYS.session, id);
    return id;
  }, 'unknown-session');
}

/**
 * When the stored app version differs from this bundle's, every Cache Storage cache is deleted,
 * the new version stored and the page reloaded. A browser that has no stored version has no
 * caches of ours either: it only stores the version (a first visit is not reloaded).
 */
export async function checkAppVersion(
  options: {
    storage?: Storage;
    deleteCaches?: () => Promise<void>;
    reload?: () => void;
  } = {},
): Promise<'current' | 'installed' | 'reloaded'> {
  const storage = options.storage ?? localStorage;
  const stored = safe(() => storage.getItem(KEYS.appVersion), BUNDLE_VERSION);
  if (stored === BUNDLE_VERSION) return 'current';
  safe(() => storage.setItem(KEYS.appVersion, BUNDLE_VERSION), undefined);
  if (stored === null) return 'installed';
  await (options.deleteCaches ?? deleteAllCaches)();
  (options.reload ?? (() => window.location.reload()))();
  return 'reloaded';
}

async function deleteAllCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const names = await caches.keys();
  await Promise.all(names.map((name) => caches.delete(name)));
}

/** Reloads after a failed chunk load, at most once per 60 s (so a broken deploy cannot loop). */
export function reloadAfterChunkError(options: { storage?: Storage; now?: number; reload?: () => void } = {}): boolean {
  const storage = options.storage ?? sessionStorage;
  const now = options.now ?? Date.now();
  const last = Number(safe(() => storage.getItem(KEYS.lastChunkReload), null) ?? 0);
  if (now - last < CHUNK_RELOAD_GUARD_MS) return false;
  safe(() => storage.setItem(KEYS.lastChunkReload, String(now)), undefined);
  (options.reload ?? (() => window.location.reload()))();
  return true;
}

export function isChunkLoadError(reason: unknown): boolean {
  const message = reason instanceof Error ? reason.message : String(reason ?? '');
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Loading chunk [\w-]+ failed/i.test(
    message,
  );
}

/** '{browser} on {os}', cut to 50 characters, as the devices list shows it. */
export function deviceName(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /OPR\//.test(userAgent)
      ? 'Opera'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Chrome\//.test(userAgent)
          ? 'Chrome'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : 'Browser';
  const os = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : 'Unknown OS';
  return `${browser} on ${os}`.slice(0, 50);
}
