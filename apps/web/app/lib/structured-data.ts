import type { BookDetail, Offer, PersonDetail, SummaryDetail } from '@nomsan/contracts/catalog';
import { mn } from '@nomsan/contracts/messages';
import { absoluteUrl } from './meta';
import { href } from './links';

/** schema.org JSON-LD for the catalogue pages (rich results in search engines). */
export type JsonLd = Record<string, unknown>;

const CONTEXT = 'https://schema.org';

function isoDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s || (!h && !m) ? `${s}S` : ''}`;
}

function offerLd(offer: Offer | undefined, url: string): JsonLd | undefined {
  if (!offer || offer.price_mnt === null) return undefined;
  return {
    '@type': 'Offer',
    price: offer.price_mnt,
    priceCurrency: 'MNT',
    availability: 'https://schema.org/InStock',
    url,
  };
}

function people(list: { name: string; slug: string }[], path: (slug: string) => string, baseUrl: string | undefined) {
  return list.map((person) => ({ '@type': 'Person', name: person.name, url: absoluteUrl(path(person.slug), baseUrl) }));
}

/** A Book with one workExample per edition: EBook and an Audiobook (its own type). */
export function bookJsonLd(book: BookDetail, baseUrl: string | undefined, path: string): JsonLd {
  const url = absoluteUrl(path, baseUrl);
  const image = book.cover.lg ? absoluteUrl(book.cover.lg, baseUrl) : undefined;
  const authors = people(book.authors, href.author, baseUrl);
  const offerFor = (format: Offer['format']) => book.offers.find((offer) => offer.format === format);
  const editions: JsonLd[] = [];
  if (book.ebook) {
    editions.push({
      '@type': 'Book',
      bookFormat: 'https://schema.org/EBook',
      name: book.title,
      inLanguage: book.language,
      numberOfPages: book.ebook.pages,
      author: authors,
      offers: offerLd(offerFor('ebook'), url),
    });
  }
  if (book.audiobook) {
    editions.push({
      '@type': 'Audiobook',
      bookFormat: 'https://schema.org/AudiobookFormat',
      name: book.title,
      inLanguage: book.language,
      duration: isoDuration(book.audiobook.duration_seconds),
      author: authors,
      readBy: people(book.narrators, href.narrator, baseUrl),
      offers: offerLd(offerFor('audiobook'), url),
    });
  }
  return {
    '@context': CONTEXT,
    '@type': 'Book',
    '@id': url,
    url,
    name: book.title,
    ...(book.subtitle ? { alternativeHeadline: book.subtitle } : {}),
    description: book.short_description || book.description,
    ...(image ? { image } : {}),
    inLanguage: book.language,
    author: authors,
    ...(book.translators.length ? { translator: people(book.translators, href.author, baseUrl) } : {}),
    ...(book.publisher
      ? {
          publisher: {
            '@type': 'Organization',
            name: book.publisher.name,
            url: absoluteUrl(href.publisher(book.publisher.slug), baseUrl),
          },
        }
      : {}),
    ...(book.published_year ? { datePublished: String(book.published_year) } : {}),
    genre: book.categories.map((category) => category.title),
    ...(book.rating_summary.count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: Number(book.rating_summary.average.toFixed(2)),
            ratingCount: book.rating_summary.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    workExample: editions,
  };
}

export function summaryJsonLd(summary: SummaryDetail, baseUrl: string | undefined, path: string): JsonLd {
  const url = absoluteUrl(path, baseUrl);
  const offer = offerLd(summary.offers[0], url);
  return {
    '@context': CONTEXT,
    '@type': 'CreativeWork',
    '@id': url,
    url,
    name: summary.title,
    description: summary.description,
    ...(summary.cover.lg ? { image: absoluteUrl(summary.cover.lg, baseUrl) } : {}),
    inLanguage: 'mn',
    author: people(summary.authors, href.author, baseUrl),
    timeRequired: isoDuration(summary.reading_minutes * 60),
    ...(summary.book
      ? {
          about: { '@type': 'Book', name: summary.book.title, url: absoluteUrl(href.book(summary.book.slug), baseUrl) },
        }
      : {}),
    ...(offer ? { offers: offer } : {}),
  };
}

export function personJsonLd(person: PersonDetail, baseUrl: string | undefined, path: string, role: string): JsonLd {
  const url = absoluteUrl(path, baseUrl);
  return {
    '@context': CONTEXT,
    '@type': 'Person',
    '@id': url,
    url,
    name: person.name,
    jobTitle: role,
    ...(person.bio ? { description: person.bio } : {}),
    ...(person.photo.lg ? { image: absoluteUrl(person.photo.lg, baseUrl) } : {}),
  };
}

export function organizationJsonLd(
  org: { name: string; description: string; logo: { lg: string } },
  baseUrl: string | undefined,
  path: string,
): JsonLd {
  const url = absoluteUrl(path, baseUrl);
  return {
    '@context': CONTEXT,
    '@type': 'Organization',
    '@id': url,
    url,
    name: org.name,
    ...(org.description ? { description: org.description } : {}),
    ...(org.logo.lg ? { logo: absoluteUrl(org.logo.lg, baseUrl) } : {}),
  };
}

/** The trail from the home page to this page; the last crumb is the page itself. */
export function breadcrumbJsonLd(crumbs: { name: string; path: string }[], baseUrl: string | undefined): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: [{ name: mn.layout.homeLink, path: '/' }, ...crumbs].map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(crumb.path, baseUrl),
    })),
  };
}

/**
 * JSON for a `<script type="application/ld+json">`: `<` is escaped so no text in the data can
 * close the script element (`</script>`), and U+2028/2029 for old parsers.
 */
export function serializeJsonLd(data: JsonLd | JsonLd[]): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
