import type { OAuthProvider } from '@nomsan/contracts/identity';
import { safe } from './device';

/**
 * Whether a provider's callback finishes a sign-in or links an account to the signed-in user:
 * the callback's query string cannot tell, so the settings page leaves a note in sessionStorage
 * before it leaves for the provider. Sign-in starts remove it; it expires with the provider's
 * 10-minute window.
 */
const KEY = 'oauth_intent';
const MAX_AGE_MS = 10 * 60_000;

export function rememberLinking(provider: OAuthProvider, storage: Storage = sessionStorage): void {
  safe(() => storage.setItem(KEY, JSON.stringify({ provider, at: Date.now() })), undefined);
}

export function forgetLinking(storage: Storage = sessionStorage): void {
  safe(() => storage.removeItem(KEY), undefined);
}

/** 'link' when this callback answers a link started from settings (the note is used up). */
export function takeIntent(
  provider: OAuthProvider,
  storage: Storage = sessionStorage,
  now = Date.now(),
): 'login' | 'link' {
  const raw = safe(() => storage.getItem(KEY), null);
  forgetLinking(storage);
  if (!raw) return 'login';
  const note = safe(() => JSON.parse(raw) as { provider?: unknown; at?: unknown }, null);
  const fresh = typeof note?.at === 'number' && now - note.at < MAX_AGE_MS;
  return note?.provider === provider && fresh ? 'link' : 'login';
}
