import type { TitleType } from '@nomsan/contracts/library';
import type { OfflineLease } from '@nomsan/contracts/media';
import { safe } from '~/lib/device';
import { browserApi } from '~/lib/browser-api';
import { href } from '~/lib/links';

/**
 * Titles kept on this device for listening offline (docs/media.md, "Offline"): the encrypted
 * manifest and segments in the Cache API (the service worker serves them), the player page and
 * its scripts for an offline reload, and the key lease with the title's name in localStorage
 * (the service worker's offline page, public/offline.js, lists them from there). A lease ends at
 * its `expires_at`; the title then plays again only after renewing it online.
 */
const LEASES_KEY = 'nomsan.downloads';
/**
 * the caches public/sw.js reads; unversioned, unlike the worker's own shell: they are the
 * member's downloads and outlive an update of the worker
 */
const MEDIA_CACHE = 'nomsan-media';
const PAGES_CACHE = 'nomsan-pages';

export interface Download {
  lease: OfflineLease;
  /** the title's name, for the offline page (absent on downloads made before it was kept) */
  name?: string;
  /** the storage prefix the segments are under, to remove them */
  urls: string[];
  savedAt: string;
}

const keyOf = (type: TitleType, id: number) => `${type}:${id}`;
const read = (): Record<string, Download> =>
  safe(() => JSON.parse(localStorage.getItem(LEASES_KEY) ?? '{}') as Record<string, Download>, {});
const write = (all: Record<string, Download>) =>
  safe(() => localStorage.setItem(LEASES_KEY, JSON.stringify(all)), undefined);

export const offlineSupported = () =>
  typeof window !== 'undefined' && 'caches' in window && 'serviceWorker' in navigator;

/** the title's download, if it is on this device (expired or not) */
export const downloadOf = (type: TitleType, id: number): Download | null => read()[keyOf(type, id)] ?? null;

export const leaseLive = (download: Download, now = Date.now()) => Date.parse(download.lease.expires_at) > now;

/** the manifest's segment URLs: its SegmentTemplate numbered over its SegmentTimeline */
export function segmentUrls(manifestUrl: string, mpd: string): string[] {
  const base = manifestUrl.slice(0, manifestUrl.lastIndexOf('/') + 1);
  const template = /<SegmentTemplate\b[^>]*>/.exec(mpd)?.[0];
  const attribute = (name: string) => (template ? new RegExp(`\\b${name}="([^"]+)"`).exec(template)?.[1] : undefined);
  const init = attribute('initialization');
  const media = attribute('media');
  const start = attribute('startNumber');
  if (!init || !media) throw new Error('no segment template in the manifest');
  let count = 0;
  for (const [tag] of mpd.matchAll(/<S\b[^>]*\/>/g)) count += 1 + Number(/\br="(\d+)"/.exec(tag)?.[1] ?? 0);
  const first = Number(start ?? 1);
  const name = (n: number) =>
    media.replace(/\$Number(?:%0(\d+)d)?\$/, (_m, width?: string) => String(n).padStart(Number(width ?? 0), '0'));
  return [init, ...Array.from({ length: count }, (_, i) => name(first + i))].map((file) => base + file);
}

/** keeps a title for offline listening; `onProgress` gets 0 to 1 */
export async function download(type: TitleType, id: number, onProgress: (done: number) => void): Promise<Download> {
  const api = browserApi();
  const [lease, name] = await Promise.all([
    api.offlineLease(type, id),
    (type === 'book' ? api.book(id) : api.summary(id)).then(
      (title) => title.title,
      () => undefined,
    ),
  ]);
  const manifestUrl = lease.session.dash_url;
  if (!manifestUrl) throw new Error('the title is not packaged');
  const media = await caches.open(MEDIA_CACHE);
  const manifest = await fetch(manifestUrl);
  if (!manifest.ok) throw new Error(`manifest: ${manifest.status}`);
  const text = await manifest.clone().text();
  await media.put(manifestUrl, manifest);
  const urls = segmentUrls(manifestUrl, text);
  for (const [index, url] of urls.entries()) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    await media.put(url, response);
    onProgress((index + 1) / urls.length);
  }
  // the page and what it loaded, so a reload without a network opens the player, and so does
  // the title's link on the offline page
  const pages = await caches.open(PAGES_CACHE);
  const playerPages = new Set([location.pathname, href.player(type, id)]);
  const assets = performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === location.origin && url.pathname.startsWith('/assets/'))
    .map((url) => url.pathname);
  await Promise.all([
    ...[...playerPages].map((page) => pages.add(new Request(page, { credentials: 'include' })).catch(() => undefined)),
    ...[...new Set(assets)].map((asset) => pages.add(asset).catch(() => undefined)),
  ]);
  const kept: Download = {
    lease,
    ...(name ? { name } : {}),
    urls: [manifestUrl, ...urls],
    savedAt: new Date().toISOString(),
  };
  write({ ...read(), [keyOf(type, id)]: kept });
  return kept;
}

export async function removeDownload(type: TitleType, id: number): Promise<void> {
  const all = read();
  const kept = all[keyOf(type, id)];
  if (!kept) return;
  const media = await caches.open(MEDIA_CACHE);
  await Promise.all(kept.urls.map((url) => media.delete(url)));
  delete all[keyOf(type, id)];
  write(all);
}

/** everything kept for offline listening goes (signing out: the device is no longer this member's) */
export async function forgetDownloads(): Promise<void> {
  safe(() => localStorage.removeItem(LEASES_KEY), undefined);
  if (!offlineSupported()) return;
  await Promise.all([caches.delete(MEDIA_CACHE), caches.delete(PAGES_CACHE)]);
}
