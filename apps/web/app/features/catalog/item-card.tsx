import { Link } from 'react-router';
import type { BookCard, PodcastCard, SummaryCard } from '@nomsan/contracts/catalog';
import type { EpisodeCard } from '@nomsan/contracts/search';
import { mn } from '@nomsan/contracts/messages';
import { formatDuration, formatMnt } from '~/lib/format';
import { itemHref } from '~/lib/links';
import { Cover } from '~/ui/cover';
import { BookOpenIcon, HeadphonesIcon, StarIcon } from '~/ui/icons';
import { CardHeart } from './card-heart';

export type CardItem = BookCard | SummaryCard | PodcastCard | EpisodeCard;

function Byline({ item }: { item: CardItem }) {
  if (item.type === 'summary')
    return (
      <>
        {mn.book.summary} · {mn.book.minutes(item.reading_minutes)}
      </>
    );
  if (item.type === 'podcast') return <>{item.author}</>;
  if (item.type === 'episode')
    return (
      <>
        {item.podcast.title} · {formatDuration(item.duration_seconds)}
      </>
    );
  return <>{item.authors.map((a) => a.name).join(', ')}</>;
}

function FormatBadges({ item }: { item: CardItem }) {
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
      {item.rating > 0 ? (
        <span className="inline-flex items-center gap-0.5">
          <StarIcon width={13} height={13} className="text-amber-400" />
          <span className="sr-only">{mn.rating.heading}</span>
          {item.rating.toFixed(1)}
        </span>
      ) : null}
    </span>
  );
}

/**
 * How it can be had, in one line: the lowest price (with the list price struck through when
 * discounted), else credits, and whether a subscription covers it.
 */
function Availability({ item }: { item: CardItem }) {
  if (item.type === 'podcast' || item.type === 'episode') return null;
  const { price_mnt, original_price_mnt, credit_price, subscription_scopes } = item.availability;
  const scope = subscription_scopes.find((s) => s !== 'credit') ?? subscription_scopes[0];
  if (price_mnt === null && credit_price === null && !scope) return null;
  return (
    <span className="mt-1 flex flex-wrap items-baseline gap-x-2 gap-y-0.5 text-xs">
      {price_mnt !== null ? (
        <span className="font-bold text-ink">{price_mnt === 0 ? mn.offers.free : formatMnt(price_mnt)}</span>
      ) : credit_price !== null ? (
        <span className="font-bold text-ink">{mn.offers.credits(credit_price)}</span>
      ) : null}
      {original_price_mnt !== null ? (
        <span className="text-muted line-through">
          <span className="sr-only">{mn.offers.originalPrice}: </span>
          {formatMnt(original_price_mnt)}
        </span>
      ) : null}
      {scope ? <span className="font-semibold text-brand">{mn.offers.scopes[scope]}</span> : null}
    </span>
  );
}

/**
 * One cover with its title, byline, formats and price; the whole card is one link. A book's
 * card has the wishlist's heart over its cover (a button beside the link, not inside it).
 */
export function ItemCard({
  item,
  sizes,
  eager = false,
  priority = false,
}: {
  item: CardItem;
  sizes: string;
  eager?: boolean;
  priority?: boolean;
}) {
  const square = item.type === 'summary' || item.type === 'podcast' || item.type === 'episode';
  const book = item.type === 'book' || item.type === 'english_book';
  return (
    <div className="group relative">
      <Link to={itemHref(item)} className="block rounded-lg">
        <span className={`flex items-end ${square ? '' : 'aspect-[2/3]'}`}>
          <Cover
            image={item.cover}
            alt={mn.book.coverAlt(item.title)}
            sizes={sizes}
            eager={eager}
            priority={priority}
            className={`w-full rounded-lg object-cover shadow-sm ring-1 ring-black/5 transition group-hover:-translate-y-0.5 group-hover:shadow-md ${square ? 'aspect-square' : 'aspect-[2/3]'}`}
          />
        </span>
        <span className="mt-2 line-clamp-2 text-sm leading-snug font-semibold group-hover:text-brand">
          {item.title}
        </span>
        <span className="mt-0.5 line-clamp-1 block text-xs text-muted">
          <Byline item={item} />
        </span>
        <FormatBadges item={item} />
        <Availability item={item} />
      </Link>
      {book ? (
        <span className="absolute top-1.5 right-1.5 transition group-hover:-translate-y-0.5">
          <CardHeart bookId={item.id} title={item.title} />
        </span>
      ) : null}
    </div>
  );
}
