import { useRef } from 'react';
import { Link } from 'react-router';
import type { Shelf as ShelfData, ShelfItem } from '@nomsan/contracts/catalog';
import { mn } from '@nomsan/contracts/messages';
import { formatDuration } from '~/lib/format';
import { ChevronLeftIcon, ChevronRightIcon, HeadphonesIcon, BookOpenIcon } from '~/ui/icons';
import { Cover } from './cover';

const CARD_SIZES = '(min-width: 1024px) 176px, (min-width: 640px) 160px, 136px';

function itemHref(item: ShelfItem): string {
  switch (item.type) {
    case 'summary':
      return `/summary/${item.slug}`;
    case 'podcast':
      return `/podcast/${item.slug}`;
    case 'english_book':
      return `/english-book/${item.slug}`;
    default:
      return `/${item.slug}`;
  }
}

function Meta({ item }: { item: ShelfItem }) {
  if (item.type === 'summary')
    return (
      <>
        {mn.book.summary} · {mn.book.minutes(item.reading_minutes)}
      </>
    );
  if (item.type === 'podcast') return <>{item.author}</>;
  return <>{item.authors.map((a) => a.name).join(', ')}</>;
}

function FormatBadges({ item }: { item: ShelfItem }) {
  if (item.type !== 'book' && item.type !== 'english_book') return null;
  return (
    <span className="mt-1 flex flex-wrap items-center gap-x-2.5 gap-y-0.5 text-xs whitespace-nowrap text-muted">
      {item.formats.includes('audiobook') ? (
        <span className="inline-flex items-center gap-1" title={mn.book.audiobook}>
          <HeadphonesIcon width={14} height={14} />
          <span className="sr-only">{mn.book.audiobook}</span>
          {item.duration_seconds ? formatDuration(item.duration_seconds) : null}
        </span>
      ) : null}
      {item.formats.includes('ebook') ? (
        <span className="inline-flex items-center gap-1" title={mn.book.ebook}>
          <BookOpenIcon width={14} height={14} />
          <span className="sr-only">{mn.book.ebook}</span>
          {item.pages ? mn.book.pages(item.pages) : null}
        </span>
      ) : null}
    </span>
  );
}

/** A titled row of covers that scrolls sideways (touch, trackpad or the arrow buttons). */
export function Shelf({ shelf, eager = false }: { shelf: ShelfData; eager?: boolean }) {
  const track = useRef<HTMLUListElement>(null);
  const scroll = (direction: 1 | -1) =>
    track.current?.scrollBy({ left: direction * track.current.clientWidth * 0.8, behavior: 'smooth' });
  const headingId = `shelf-${shelf.id}`;
  return (
    <section aria-labelledby={headingId} className="py-4 sm:py-5">
      <div className="mb-3 flex items-end justify-between gap-4">
        <h2 id={headingId} className="text-lg font-bold sm:text-2xl">
          {shelf.title}
        </h2>
        <div className="flex items-center gap-2">
          {shelf.link ? (
            <Link to={shelf.link} className="text-sm font-semibold whitespace-nowrap text-brand hover:text-brand-dark">
              {mn.home.seeAll}
            </Link>
          ) : null}
          <button
            type="button"
            onClick={() => scroll(-1)}
            aria-label={mn.home.scrollLeft}
            className="hidden size-9 items-center justify-center rounded-full border border-line hover:border-brand hover:text-brand sm:inline-flex"
          >
            <ChevronLeftIcon width={18} height={18} />
          </button>
          <button
            type="button"
            onClick={() => scroll(1)}
            aria-label={mn.home.scrollRight}
            className="hidden size-9 items-center justify-center rounded-full border border-line hover:border-brand hover:text-brand sm:inline-flex"
          >
            <ChevronRightIcon width={18} height={18} />
          </button>
        </div>
      </div>
      <ul
        ref={track}
        className="scrollbar-none -mx-4 flex snap-x snap-mandatory gap-4 overflow-x-auto px-4 pb-2 lg:-mx-0 lg:px-0"
      >
        {shelf.items.map((item, index) => (
          <li key={`${item.type}-${item.id}`} className="w-34 shrink-0 snap-start sm:w-40 lg:w-44">
            <Link to={itemHref(item)} className="group relative block">
              <Cover
                image={item.cover}
                alt={mn.book.coverAlt(item.title)}
                sizes={CARD_SIZES}
                eager={eager && index < 6}
                className={`w-full rounded-lg object-cover shadow-sm ring-1 ring-black/5 transition group-hover:shadow-md ${item.type === 'summary' || item.type === 'podcast' ? 'aspect-square' : 'aspect-[2/3]'}`}
              />
              <span className="mt-2 line-clamp-2 text-sm font-semibold leading-snug group-hover:text-brand">
                {item.title}
              </span>
              <span className="mt-0.5 line-clamp-1 block text-xs text-muted">
                <Meta item={item} />
              </span>
              <FormatBadges item={item} />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
