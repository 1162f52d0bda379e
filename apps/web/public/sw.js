/*
 * Nomsan's service worker (spec: registered at /sw.js with scope /; a failed registration is
 * ignored). It keeps the app shell so the store opens without a network, and serves a
 * downloaded title's encrypted segments from the device (docs/media.md, "Offline"):
 *
 * - pages: network first; offline, the copy a download kept, else the home page's last copy;
 * - /assets/ (hashed, immutable): from the cache once fetched;
 * - /media/packaged/: a downloaded title's manifest and segments from the device, the rest from
 *   the network (segments are encrypted; the key lease lives with the page, not here).
 */
const SHELL = 'nomsan-shell-v1';
const PAGES = 'nomsan-pages';
const MEDIA = 'nomsan-media';

self.addEventListener('install', () => self.skipWaiting());

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith('nomsan-shell-') && name !== SHELL) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

async function fromCacheFirst(request, cacheName) {
  const cache = await caches.open(cacheName);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function fromNetworkFirst(request) {
  try {
    const response = await fetch(request);
    // the shell: the home page's last answer, for opening without a network (other pages are
    // kept only by a download, so a member's pages do not pile up on the device)
    if (
      response.ok &&
      new URL(request.url).pathname === '/' &&
      response.headers.get('content-type')?.includes('text/html')
    ) {
      const cache = await caches.open(PAGES);
      await cache.put(request, response.clone());
    }
    return response;
  } catch (error) {
    const kept = (await caches.match(request, { ignoreVary: true })) ?? (await caches.match('/', { ignoreVary: true }));
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/media/packaged/')) {
    event.respondWith((async () => (await (await caches.open(MEDIA)).match(request)) ?? fetch(request))());
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(fromCacheFirst(request, SHELL));
  } else if (request.mode === 'navigate') {
    event.respondWith(fromNetworkFirst(request));
  }
});
