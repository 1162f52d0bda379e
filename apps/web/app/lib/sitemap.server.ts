import { mn } from '@nomsan/contracts/messages';
import type { ApiClient } from '@nomsan/contracts/client';
import { href, itemHref } from './links';

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

/** A sitemap part that does not exist: 404 in the API's envelope (a sitemap is for machines). */
export function notFoundResponse(): Response {
  return Response.json({ error: { code: 'NOT_FOUND', message: mn.errors.NOT_FOUND } }, { status: 404 });
}

export function xmlResponse(body: string): Response {
  return new Response(body, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}

/** Static pages, categories, topics and summaries (the part that is not books). */
export async function pagePaths(api: ApiClient): Promise<string[]> {
  const [categories, topics, summaries] = await Promise.all([api.categories(), api.topics(), summaryPaths(api)]);
  return [
    ...STATIC_PATHS,
    ...categories.map((category) => href.category(category.slug)),
    ...topics.map((topic) => href.topic(topic.slug)),
    ...summaries,
  ];
}

/** Every summary's page, a hundred at a time (there are far fewer summaries than books). */
async function summaryPaths(api: ApiClient): Promise<string[]> {
  const first = await api.summaries(1, PAGE_SIZE);
  const rest = Array.from({ length: Math.max(0, first.last_page - 1) }, (_, i) => i + 2);
  return [...first.data.map(itemHref), ...(await pagesOfPaths(rest, (page) => api.summaries(page, PAGE_SIZE)))];
}

/** The item paths of the given list pages, fetched CONCURRENCY pages at a time. */
async function pagesOfPaths(
  pages: number[],
  load: (page: number) => Promise<{ data: Parameters<typeof itemHref>[0][] }>,
): Promise<string[]> {
  const results: string[][] = [];
  for (let i = 0; i < pages.length; i += CONCURRENCY) {
    const batch = await Promise.all(pages.slice(i, i + CONCURRENCY).map(load));
    results.push(...batch.map((list) => list.data.map(itemHref)));
  }
  return results.flat();
}

export async function bookTotal(api: ApiClient): Promise<number> {
  return (await api.books(1, 1)).total;
}

/** The paths of books [first, first + count), fetched a page of 100 at a time. */
export async function bookPaths(api: ApiClient, first: number, count: number): Promise<string[]> {
  const firstPage = Math.floor(first / PAGE_SIZE) + 1;
  const lastPage = Math.floor((first + count - 1) / PAGE_SIZE) + 1;
  const pages = Array.from({ length: Math.max(0, lastPage - firstPage + 1) }, (_, i) => firstPage + i);
  return pagesOfPaths(pages, (page) => api.books(page, PAGE_SIZE, 'newest'));
}
