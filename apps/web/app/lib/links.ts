import type { ShelfItem } from '@nomsan/contracts/catalog';

/** The store's URL for each catalogue entity, in one place so cards, pages and sitemaps agree. */
export const href = {
  book: (slug: string) => `/${slug}`,
  englishBook: (slug: string) => `/english-book/${slug}`,
  summary: (slug: string) => `/summary/${slug}`,
  podcast: (slug: string) => `/podcast/${slug}`,
  author: (slug: string) => `/authors/${slug}`,
  narrator: (slug: string) => `/narrators/${slug}`,
  publisher: (slug: string) => `/publishers/${slug}`,
  category: (slug: string) => `/category/${slug}`,
  bundle: (kind: 'book' | 'summary', slug: string) =>
    kind === 'summary' ? `/bundleSummary/${slug}` : `/bundle/${slug}`,
};

export function itemHref(item: Pick<ShelfItem, 'type' | 'slug'>): string {
  switch (item.type) {
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

/** `path?page=n` (no parameter for page 1, so the first page has one URL), keeping the others. */
export function pageHref(pathname: string, search: string | URLSearchParams, page: number): string {
  const next = new URLSearchParams(search);
  if (page <= 1) next.delete('page');
  else next.set('page', String(page));
  const text = next.toString();
  return text ? `${pathname}?${text}` : pathname;
}
