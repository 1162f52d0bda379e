import { useRef } from 'react';
import { Link } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { ChevronLeftIcon, ChevronRightIcon } from '~/ui/icons';
import { ItemCard, type CardItem } from './item-card';

const CARD_SIZES = '(min-width: 1024px) 176px, (min-width: 640px) 160px, 136px';
/**
 * A first-view shelf loads this many covers at once: what a phone shows of it (two and a
 * half). The rest, off to the side on a phone, load once laid out (at once on a wide screen,
 * where they are in view), so the lead cover has the phone's bandwidth to itself.
 */
const EAGER_COVERS = 3;

export interface ShelfData {
  id: string;
  title: string;
  /** where "see all" goes */
  link: string | null;
  items: CardItem[];
}

/**
 * Shelves below the first view are laid out and painted only when they come near it (their
 * place is held at about their height): a long feed's first paint then costs the work of the
 * first screen, not of every cover on the page. They stay in the accessibility tree and in
 * find-in-page.
 */
const OFFSCREEN =
  '[content-visibility:auto] [contain-intrinsic-size:auto_440px] sm:[contain-intrinsic-size:auto_470px] lg:[contain-intrinsic-size:auto_490px]';

const ARROW =
  'hidden size-9 items-center justify-center rounded-full border border-line hover:border-brand hover:text-brand sm:inline-flex';

/**
 * A titled row of covers that scrolls sideways (touch, trackpad or the arrow buttons). A shelf
 * in the first view (`eager`) loads its first covers eagerly; the page's lead shelf also marks
 * its first cover as the priority image (the largest paint on a phone). The others render
 * when they come near the view.
 */
export function Shelf({
  shelf,
  eager = false,
  priority = false,
}: {
  shelf: ShelfData;
  eager?: boolean;
  priority?: boolean;
}) {
  const track = useRef<HTMLUListElement>(null);
  const scroll = (direction: 1 | -1) =>
    track.current?.scrollBy({ left: direction * track.current.clientWidth * 0.8, behavior: 'smooth' });
  const headingId = `shelf-${shelf.id}`;
  if (shelf.items.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className={`py-4 sm:py-5 ${eager || priority ? '' : OFFSCREEN}`}>
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
          <button type="button" onClick={() => scroll(-1)} aria-label={mn.home.scrollLeft} className={ARROW}>
            <ChevronLeftIcon width={18} height={18} />
          </button>
          <button type="button" onClick={() => scroll(1)} aria-label={mn.home.scrollRight} className={ARROW}>
            <ChevronRightIcon width={18} height={18} />
          </button>
        </div>
      </div>
      <ul
        ref={track}
        className="scrollbar-none -mx-4 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto px-4 pt-1 pb-2 lg:-mx-0 lg:scroll-px-0 lg:px-0"
      >
        {shelf.items.map((item, index) => (
          <li key={`${item.type}-${item.id}`} className="w-34 shrink-0 snap-start sm:w-40 lg:w-44">
            <ItemCard
              item={item}
              sizes={CARD_SIZES}
              eager={(eager || priority) && index < EAGER_COVERS}
              priority={priority && index === 0}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
