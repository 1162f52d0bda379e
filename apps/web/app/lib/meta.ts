import type { MetaDescriptor } from 'react-router';
import { mn } from '@nomsan/contracts/messages';

/** Title, description, canonical and Open Graph tags for a page. */
export function pageMeta(options: {
  title?: string;
  description?: string;
  path?: string;
  baseUrl?: string;
  /** a cover or photo; relative URLs are made absolute with `baseUrl` (crawlers need that) */
  image?: string;
  /** og:type: 'book', 'profile'... ('website' by default) */
  type?: string;
  /** pages with endless variants (search results): crawled for their links, never listed */
  noindex?: boolean;
}): MetaDescriptor[] {
  const title = options.title ? `${options.title} | ${mn.brand.name}` : mn.home.title;
  const description = clip(options.description ?? mn.brand.description, 300);
  const url = options.baseUrl && options.path !== undefined ? `${options.baseUrl}${options.path}` : undefined;
  const image = options.image ? absoluteUrl(options.image, options.baseUrl) : undefined;
  return [
    { title },
    { name: 'description', content: description },
    { property: 'og:site_name', content: mn.brand.name },
    { property: 'og:type', content: options.type ?? 'website' },
    { property: 'og:locale', content: 'mn_MN' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    ...(url
      ? [
          { property: 'og:url', content: url },
          { tagName: 'link', rel: 'canonical', href: url },
        ]
      : []),
    ...(image ? [{ property: 'og:image', content: image }] : []),
    { name: 'twitter:card', content: 'summary_large_image' },
    ...(options.noindex ? [{ name: 'robots', content: 'noindex, follow' }] : []),
  ];
}

/** The public origin, from the root loader's configuration, for canonical and og:url. */
export function baseUrlFrom(matches: readonly unknown[]): string | undefined {
  for (const match of matches) {
    const m = match as { id?: string; data?: { config?: { publicBaseUrl?: string } } } | undefined;
    if (m?.id === 'root') return m.data?.config?.publicBaseUrl;
  }
  return undefined;
}

/** '/media/a.webp' -> 'https://nomsan.mn/media/a.webp'; absolute URLs (a CDN) stay as they are. */
export function absoluteUrl(url: string, baseUrl: string | undefined): string {
  if (/^[a-z][a-z\d+.-]*:/i.test(url) || url.startsWith('//') || !baseUrl) return url;
  return `${baseUrl.replace(/\/+$/, '')}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** A description cut on a word boundary, for meta tags (search engines show ~160 characters). */
export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

/** Sign-in and settings pages: a title, and kept out of search results. */
export function privatePageMeta(title: string): MetaDescriptor[] {
  return [...pageMeta({ title }), { name: 'robots', content: 'noindex' }];
}
