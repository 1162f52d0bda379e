import { createApiClient, type ApiClient } from '@nomsan/contracts/client';
import type { OAuthProvider } from '@nomsan/contracts/identity';
import { BUNDLE_VERSION, CLIENT_ID, deviceUuid } from './device';

let client: ApiClient | undefined;

/**
 * The typed API client for calls made from the browser (same origin, the session cookie goes
 * along), describing this device on every call: Device-UUID, Client-Id and App-Version. Loaders
 * use `context.api` instead; this one is for event handlers and effects.
 */
export function browserApi(): ApiClient {
  client ??= createApiClient({
    baseUrl: '',
    headers: { 'device-uuid': deviceUuid(), 'client-id': CLIENT_ID, 'app-version': BUNDLE_VERSION },
  });
  return client;
}

/** Links need no headers and render on the server too: a client only for building URLs. */
const urls = createApiClient({ baseUrl: '' });

/**
 * Where the browser goes to sign in (or link an account) with a provider: the API's start,
 * which redirects to the provider. A full page navigation, never a fetch.
 */
export function oauthStartHref(provider: OAuthProvider, params: { intent?: 'login' | 'link'; prev?: string }): string {
  return urls.oauthStartUrl(provider, params);
}
