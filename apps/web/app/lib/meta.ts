import type { MetaDescriptor } from 'react-router';
import { mn } from '@nomsan/contracts/messages';

/** Title, description, canonical and Open Graph tags for a page. */
export function pageMeta(options: {
  title?: string;
  description?: string;
  path?: string;
  baseUrl?: string;
  image?: string;
}): MetaDescriptor[] {
  const title = options.title ? `${options.title} | ${mn.brand.name}` : mn.home.title;
  const description = options.description ?? mn.brand.description;
  const url = options.baseUrl && options.path !== undefined ? `${options.baseUrl}${options.path}` : undefined;
  return [
    { title },
    { name: 'description', content: description },
    { property: 'og:site_name', content: mn.brand.name },
    { property: 'og:type', content: 'website' },
    { property: 'og:locale', content: 'mn_MN' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    ...(url
      ? [
          { property: 'og:url', content: url },
          { tagName: 'link', rel: 'canonical', href: url },
        ]
      : []),
    ...(options.image ? [{ property: 'og:image', content: options.image }] : []),
    { name: 'twitter:card', content: 'summary_large_image' },
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
