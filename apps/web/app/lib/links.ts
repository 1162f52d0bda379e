import type { ShelfItem } from '@nomsan/contracts/catalog';
import type { EpisodeCard } from '@nomsan/contracts/search';

/** The store's URL for each catalogue entity, in one place so cards, pages and sitemaps agree. */
export const href = {
  book: (slug: string) => `/${slug}`,
  englishBook: (slug: string) => `/english-book/${slug}`,
  summary: (slug: string) => `/summary/${slug}`,
  podcast: (slug: string) => `/podcast/${slug}`,
  episode: (podcastSlug: string, slug: string) => `/podcast/${podcastSlug}/${slug}`,
  author: (slug: string) => `/authors/${slug}`,
  narrator: (slug: string) => `/narrators/${slug}`,
  publisher: (slug: string) => `/publishers/${slug}`,
  category: (slug: string) => `/category/${slug}`,
  topic: (slug: string) => `/topic/${slug}`,
  bundle: (kind: 'book' | 'summary', slug: string) =>
    kind === 'summary' ? `/bundleSummary/${slug}` : `/bundle/${slug}`,
  /** the e-book reader (the whole book, or its sample) */
  reader: (bookId: number) => `/reader/book/${bookId}`,
  /** the audio player of a book or a summary (the whole title, or its preview) */
  player: (type: 'book' | 'summary', id: number) => `/player/${type}/${id}`,
};

export function itemHref(
  item: Pick<ShelfItem, 'type' | 'slug'> | Pick<EpisodeCard, 'type' | 'slug' | 'podcast'>,
): string {
  switch (item.type) {
    case 'episode':
      return href.episode(item.podcast.slug, item.slug);
    case 'summary':
      return href.summary(item.slug);
    case 'podcast':
      return href.podcast(item.slug);
    case 'english_book':
      return href.englishBook(item.slug);
    default:
      return href.book(item.slug);
  }
}

/** `/search?q=...`, or null for blank text (the box then does nothing). */
export function searchHref(text: string): string | null {
  const q = text.trim();
  return q ? `/search?${new URLSearchParams({ q }).toString()}` : null;
}

/** `path?page=n` (no parameter for page 1, so the first page has one URL), keeping the others. */
export function pageHref(pathname: string, search: string | URLSearchParams, page: number): string {
  const next = new URLSearchParams(search);
  if (page <= 1) next.delete('page');
  else next.set('page', String(page));
  const text = next.toString();
  return text ? `${pathname}?${text}` : pathname;
}

/**
 * The spec's link rule: a URL containing the site's base URL is internal (the path, query and
 * hash after it, for the router), any other is external (the URL as it is, for a plain anchor).
 * A path starting with one slash is this site's too.
 */
export function siteLink(
  url: string,
  baseUrl: string | undefined,
): { internal: true; to: string } | { internal: false; href: string } {
  const base = baseUrl?.replace(/\/+$/, '');
  if (base) {
    const at = url.indexOf(base);
    if (at !== -1) {
      const rest = url.slice(at + base.length);
      if (rest === '' || /^[/?#]/.test(rest)) return { internal: true, to: rest.startsWith('/') ? rest : `/${rest}` };
    }
  }
  if (url.startsWith('/') && !url.startsWith('//')) return { internal: true, to: url };
  return { internal: false, href: url };
}
