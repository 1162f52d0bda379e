import type { Route } from './+types/robots';

/** Every page may be crawled; the sitemap lists them. */
export function loader({ context }: Route.LoaderArgs) {
  const base = context.config.publicBaseUrl.replace(/\/+$/, '');
  return new Response(`User-agent: *\nAllow: /\n\nSitemap: ${base}/sitemap.xml\n`, {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=86400' },
  });
}
