import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { BookDetail, PersonRef } from '@nomsan/contracts/catalog';
import { mn } from '@nomsan/contracts/messages';
import { formatDuration } from '~/lib/format';
import { href } from '~/lib/links';
import { CategoryLinks } from '~/ui/category-links';
import { HeroCover } from '~/ui/hero-cover';
import { BookOpenIcon, HeadphonesIcon } from '~/ui/icons';
import { Stars } from '~/ui/stars';
import { BookMarkButtons } from './book-mark-buttons';

function People({ label, people, to }: { label: string; people: PersonRef[]; to?: (slug: string) => string }) {
  if (people.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-x-1.5">
      <dt className="text-muted">{label}:</dt>
      <dd className="flex flex-wrap gap-x-1">
        {people.map((person, index) => (
          <span key={person.id}>
            {to ? (
              <Link to={to(person.slug)} className="font-semibold text-brand hover:text-brand-dark hover:underline">
                {person.name}
              </Link>
            ) : (
              <span className="font-semibold">{person.name}</span>
            )}
            {index < people.length - 1 ? ',' : null}
          </span>
        ))}
      </dd>
    </div>
  );
}

/**
 * The top of a book page: large cover, title, people, rating, formats, the member's marks (keep,
 * like) and categories; the offers beside it on wide screens, and `children` (the description)
 * under it.
 */
export function BookHero({
  book,
  aside,
  listen,
  children,
}: {
  book: BookDetail;
  aside?: ReactNode;
  /** the way to listen (the player's button), under the formats */
  listen?: ReactNode;
  children?: ReactNode;
}) {
  const rating = book.rating_summary;
  return (
    <div className="grid gap-6 md:grid-cols-[15rem_minmax(0,1fr)] md:gap-8 lg:grid-cols-[17rem_minmax(0,1fr)_20rem] xl:grid-cols-[19rem_minmax(0,1fr)_22rem] xl:gap-10">
      <HeroCover image={book.cover} title={book.title} shape="book" />
      <div className="min-w-0">
        <h1 className="text-2xl leading-tight font-extrabold tracking-tight text-balance sm:text-4xl">{book.title}</h1>
        {book.subtitle ? <p className="mt-2 text-lg text-muted">{book.subtitle}</p> : null}
        <dl className="mt-4 space-y-1.5 text-[15px]">
          <People label={mn.detail.authors} people={book.authors} to={href.author} />
          <People label={mn.detail.narrators} people={book.narrators} to={href.narrator} />
          <People label={mn.detail.translators} people={book.translators} />
          {book.publisher ? <People label={mn.detail.publisher} people={[book.publisher]} to={href.publisher} /> : null}
          {book.series ? (
            <div className="flex flex-wrap gap-x-1.5">
              <dt className="text-muted">{mn.detail.series}:</dt>
              <dd>
                <span className="font-semibold">{book.series.name}</span>
                {book.series.position ? (
                  <span className="text-muted"> · {mn.detail.seriesPosition(book.series.position)}</span>
                ) : null}
              </dd>
            </div>
          ) : null}
        </dl>
        {rating.count > 0 ? (
          <div className="mt-4 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm">
            <a href="#reviews" className="inline-flex items-center gap-2 hover:text-brand">
              <Stars value={rating.average} label={mn.rating.outOfFive(rating.average.toFixed(1))} />
              <span className="font-semibold">{rating.average.toFixed(1)}</span>
              <span className="text-muted">({mn.rating.count(rating.count)})</span>
            </a>
          </div>
        ) : null}
        <ul className="mt-5 flex flex-wrap gap-2" aria-label={mn.detail.formats}>
          {book.audiobook ? (
            <li className="inline-flex items-center gap-2 rounded-xl border border-line px-3 py-2 text-sm">
              <HeadphonesIcon width={18} height={18} className="text-brand" />
              <span className="font-semibold">{mn.book.audiobook}</span>
              <span className="text-muted">{formatDuration(book.audiobook.duration_seconds)}</span>
            </li>
          ) : null}
          {book.ebook ? (
            <li className="inline-flex items-center gap-2 rounded-xl border border-line px-3 py-2 text-sm">
              <BookOpenIcon width={18} height={18} className="text-brand" />
              <span className="font-semibold">{mn.book.ebook}</span>
              <span className="text-muted">{mn.book.pages(book.ebook.pages)}</span>
            </li>
          ) : null}
        </ul>
        {listen}
        <BookMarkButtons bookId={book.id} title={book.title} likes={book.likes_count} />
        <CategoryLinks categories={book.categories} />
        {book.short_description ? (
          <p className="mt-5 max-w-prose leading-relaxed text-ink/85">{book.short_description}</p>
        ) : null}
      </div>
      {aside ? <aside className="md:col-span-2 lg:col-span-1 lg:row-span-2">{aside}</aside> : null}
      {children ? <div className="mt-4 min-w-0 md:col-span-2 lg:col-start-1 lg:row-start-2">{children}</div> : null}
    </div>
  );
}
