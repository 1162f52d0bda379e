import {
  bookPaths,
  bookTotal,
  notFoundResponse,
  pagePaths,
  sitemapIndex,
  URLS_PER_SITEMAP,
  urlset,
  xmlResponse,
} from '~/lib/sitemap.server';
import type { Route } from './+types/sitemap';

/**
 * `/sitemap.xml`: one file while the catalogue fits in 50 000 URLs; beyond that an index that
 * points at `/sitemap/pages.xml` (static pages, categories) and `/sitemap/books-N.xml`.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const base = context.config.publicBaseUrl.replace(/\/+$/, '');
  const absolute = (paths: string[]) => paths.map((path) => `${base}${path}`);
  const [pages, total] = await Promise.all([pagePaths(context.api), bookTotal(context.api)]);
  const single = pages.length + total <= URLS_PER_SITEMAP;

  if (!params.part) {
    if (single) return xmlResponse(urlset(absolute([...pages, ...(await bookPaths(context.api, 0, total))])));
    const parts = Math.ceil(total / URLS_PER_SITEMAP);
    return xmlResponse(
      sitemapIndex([
        `${base}/sitemap/pages.xml`,
        ...Array.from({ length: parts }, (_, i) => `${base}/sitemap/books-${i + 1}.xml`),
      ]),
    );
  }
  if (single) throw notFoundResponse();
  if (params.part === 'pages.xml') return xmlResponse(urlset(absolute(pages)));
  const part = Number(/^books-(\d+)\.xml$/.exec(params.part)?.[1]);
  const first = (part - 1) * URLS_PER_SITEMAP;
  if (!Number.isInteger(part) || part < 1 || first >= total) throw notFoundResponse();
  return xmlResponse(urlset(absolute(await bookPaths(context.api, first, Math.min(URLS_PER_SITEMAP, total - first)))));
}
