/*
 * Nomsan's service worker (spec: registered at /sw.js with scope /; a failed registration is
 * ignored). It keeps the app shell so the store opens without a network, and serves a
 * downloaded title's encrypted segments from the device (docs/media.md, "Offline"):
 *
 * - pages: network first; offline, the copy a download kept (or the home page's last copy),
 *   else the offline page: "you are offline" and the titles downloaded, each opening its player;
 * - /assets/ (hashed, immutable): from the device once fetched;
 * - /media/packaged/: a downloaded title's manifest and segments from the device, the rest from
 *   the network (segments are encrypted; the key lease lives with the page, not here).
 *
 * The worker's own cache is versioned: a new VERSION replaces it when the new worker activates.
 * The downloads' caches (features/player/downloads.ts writes them) are the member's and stay.
 */
const VERSION = 3;
const SHELL = `nomsan-shell-v${VERSION}`;
const PAGES = 'nomsan-pages';
const MEDIA = 'nomsan-media';
/** the offline page (apps/server/src/offline-page.ts) and its script, kept at install */
const OFFLINE_PAGE = '/offline.html';
const OFFLINE_FILES = [OFFLINE_PAGE, '/offline.js'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const shell = await caches.open(SHELL);
      // past the HTTP cache: the files of this version, not an hour-old copy
      await shell.addAll(OFFLINE_FILES.map((url) => new Request(url, { cache: 'reload' })));
      await self.skipWaiting();
    })(),
  );
});

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

/** a hashed asset: from any cache (the shell's, or a download's), else fetched and kept */
async function asset(request) {
  const kept = await caches.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await (await caches.open(SHELL)).put(request, response.clone());
  return response;
}

async function page(request) {
  try {
    const response = await fetch(request);
    // the shell: the home page's last answer, for opening without a network (other pages are
    // kept only by a download, so a member's pages do not pile up on the device)
    if (
      response.ok &&
      new URL(request.url).pathname === '/' &&
      response.headers.get('content-type')?.includes('text/html')
    ) {
      await (await caches.open(PAGES)).put(request, response.clone());
    }
    return response;
  } catch {
    const pages = await caches.open(PAGES);
    return (
      (await pages.match(request, { ignoreSearch: true, ignoreVary: true })) ??
      (await caches.match(OFFLINE_PAGE, { cacheName: SHELL })) ??
      Response.error()
    );
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
    event.respondWith(asset(request));
  } else if (request.mode === 'navigate') {
    event.respondWith(page(request));
  } else if (OFFLINE_FILES.includes(url.pathname)) {
    // the offline page's script: kept with the page, so the page works without a network
    event.respondWith((async () => (await caches.match(url.pathname, { cacheName: SHELL })) ?? fetch(request))());
  }
});
