import type { ApiClient } from '@nomsan/contracts/client';
import { itemHref } from './links';

/** The sitemap protocol's limit of URLs per file. */
export const URLS_PER_SITEMAP = 50_000;
/** Books per API page while building a sitemap (the API's largest page). */
const PAGE_SIZE = 100;
/** API pages fetched at once: enough to be quick, few enough not to crowd out visitors. */
const CONCURRENCY = 4;

/** The store's own pages that are worth indexing, besides categories and books. */
export const STATIC_PATHS = [
  '/',
  '/for-you',
  '/book',
  '/audio',
  '/summaries',
  '/english-book',
  '/podcast',
  '/about',
  '/help',
];

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

export function urlset(urls: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls
    .map((url) => `<url><loc>${escapeXml(url)}</loc></url>`)
    .join('\n')}\n</urlset>\n`;
}

export function sitemapIndex(urls: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls
    .map((url) => `<sitemap><loc>${escapeXml(url)}</loc></sitemap>`)
    .join('\n')}\n</sitemapindex>\n`;
}

export function xmlResponse(body: string): Response {
  return new Response(body, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}

/** Static pages and categories (the part that is not books). */
export async function pagePaths(api: ApiClient): Promise<string[]> {
  const categories = await api.categories();
  return [...STATIC_PATHS, ...categories.map((category) => `/category/${category.slug}`)];
}

export async function bookTotal(api: ApiClient): Promise<number> {
  return (await api.books(1, 1)).total;
}

/** The paths of books [first, first + count), fetched a page of 100 at a time. */
export async function bookPaths(api: ApiClient, first: number, count: number): Promise<string[]> {
  const firstPage = Math.floor(first / PAGE_SIZE) + 1;
  const lastPage = Math.floor((first + count - 1) / PAGE_SIZE) + 1;
  const pages = Array.from({ length: Math.max(0, lastPage - firstPage + 1) }, (_, i) => firstPage + i);
  const results: string[][] = [];
  for (let i = 0; i < pages.length; i += CONCURRENCY) {
    const batch = await Promise.all(
      pages.slice(i, i + CONCURRENCY).map((page) => api.books(page, PAGE_SIZE, 'newest')),
    );
    results.push(...batch.map((list) => list.data.map(itemHref)));
  }
  return results.flat();
}
