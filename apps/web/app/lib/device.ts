/**
 * What this browser tells the API about itself (spec: Device-UUID kept in localStorage, bundle
 * version 1.0.3). Shared by the session housekeeping and the browser's API client.
 */

export const BUNDLE_VERSION = '1.0.3';
/** Client-Id of the web site (apps send their own) */
export const CLIENT_ID = 'web';

const DEVICE_UUID_KEY = 'device_uuid';

/** Reads or writes browser storage; storage can be unavailable (private modes, disabled cookies). */
export function safe<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

let unsaved: string | undefined;

/** The device's random id, created once and kept (for this page only when storage is refused). */
export function deviceUuid(storage: Storage = localStorage): string {
  const kept = safe(() => {
    const existing = storage.getItem(DEVICE_UUID_KEY);
    if (existing) return existing;
    const id = randomUuid();
    storage.setItem(DEVICE_UUID_KEY, id);
    return id;
  }, null);
  return kept ?? (unsaved ??= randomUuid());
}

/** A version 4 UUID; `crypto.randomUUID` exists only on HTTPS and localhost pages. */
export function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
