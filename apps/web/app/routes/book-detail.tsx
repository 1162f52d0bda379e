import { redirect } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { BookAbout } from '~/features/book/book-about';
import { BookHero } from '~/features/book/book-hero';
import { ListenButton } from '~/features/player/listen-button';
import { bookInfo } from '~/features/player/title-info';
import { BundleShelf } from '~/features/bundle/bundle-shelf';
import { LazyShelf } from '~/features/catalog/lazy-shelf';
import { OfferList } from '~/features/checkout/offer-list';
import { ReviewsSection } from '~/features/reviews/reviews-section';
import { browserApi } from '~/lib/browser-api';
import { href } from '~/lib/links';
import { optional, required } from '~/lib/loaders.server';
import { baseUrlFrom, pageMeta } from '~/lib/meta';
import { bookJsonLd, breadcrumbJsonLd } from '~/lib/structured-data';
import { Breadcrumbs } from '~/ui/breadcrumbs';
import { JsonLd } from '~/ui/json-ld';
import type { Route } from './+types/book-detail';

/**
 * A book's page, at `/:slug` (Mongolian books) and `/english-book/:slug`. Old slugs answer 301
 * to the current one; a book of the other kind moves to its own address.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const slug = params.slug;
  const english = new URL(request.url).pathname.startsWith('/english-book/');
  const book = await required(english ? context.api.englishBook(slug) : context.api.book(slug));
  const canonical = book.type === 'english_book' ? href.englishBook(book.slug) : href.book(book.slug);
  if (canonical !== `${english ? '/english-book/' : '/'}${slug}`) throw redirect(canonical, 301);

  // the shelves of neighbours below the reviews load in the browser (LazyShelf)
  const [reviews, bundles] = await Promise.all([
    optional(context.api.reviews('book', book.id), null),
    optional(context.api.bookBundles(book.id), []),
  ]);
  return { book, canonical, reviews, bundles };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return pageMeta({});
  const { book, canonical } = loaderData;
  const authors = book.authors.map((author) => author.name).join(', ');
  return pageMeta({
    title: authors ? `${book.title} — ${authors}` : book.title,
    description: book.short_description || book.description,
    path: canonical,
    baseUrl: baseUrlFrom(matches),
    image: book.cover.lg || undefined,
    type: 'book',
  });
};

export default function BookPage({ loaderData, matches }: Route.ComponentProps) {
  const { book, canonical, reviews, bundles } = loaderData;
  const baseUrl = baseUrlFrom(matches);
  const category = book.categories[0];
  const crumbs = [
    book.type === 'english_book'
      ? { name: mn.tabs.englishBook, path: '/english-book' }
      : category
        ? { name: category.title, path: href.category(category.slug) }
        : { name: mn.tabs.book, path: '/book' },
    { name: book.title, path: canonical },
  ];
  const author = book.authors[0];
  return (
    <div className="mx-auto max-w-screen-2xl px-4 pt-4 pb-10 lg:px-6">
      <JsonLd data={[bookJsonLd(book, baseUrl, canonical), breadcrumbJsonLd(crumbs, baseUrl)]} />
      <Breadcrumbs crumbs={crumbs} />
      <div className="mt-5">
        <BookHero
          book={book}
          listen={book.audiobook ? <ListenButton type="book" id={book.id} info={bookInfo(book)} /> : null}
          aside={<OfferList offers={book.offers} item={{ kind: 'book', id: book.id, title: book.title }} />}
        >
          <BookAbout book={book} />
        </BookHero>
      </div>
      <div id="reviews" className="mt-6 scroll-mt-20">
        <ReviewsSection
          of={{ type: 'book', id: book.id }}
          rating={reviews?.rating ?? book.rating_summary}
          reviews={reviews?.data ?? []}
          total={reviews?.total ?? 0}
        />
      </div>
      {/* keyed by the book: a client navigation to another book loads its own shelves */}
      {author ? (
        <LazyShelf
          key={`same-author-${book.id}`}
          shelf={{ id: 'same-author', title: mn.detail.sameAuthor, link: href.author(author.slug) }}
          load={async (signal) =>
            (await browserApi().related(book.id, 'author', undefined, { signal })).filter((item) => item.id !== book.id)
          }
        />
      ) : null}
      <LazyShelf
        key={`related-${book.id}`}
        shelf={{ id: 'related', title: mn.detail.related, link: null }}
        load={(signal) => browserApi().related(book.id, 'semantic', undefined, { signal })}
      />
      <BundleShelf title={mn.detail.bundles} bundles={bundles} />
    </div>
  );
}
