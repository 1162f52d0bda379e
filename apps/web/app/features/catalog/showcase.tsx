import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { BookCard } from '@nomsan/contracts/catalog';
import { mn } from '@nomsan/contracts/messages';
import { formatDuration } from '~/lib/format';
import { itemHref } from '~/lib/links';
import { Cover } from '~/ui/cover';
import { BookOpenIcon, HeadphonesIcon } from '~/ui/icons';

export type ShowcaseItem = BookCard & { short_description: string };

const SLIDE = 'w-[86%] shrink-0 snap-start sm:w-[28rem] lg:w-[34rem]';

function Slide({ item, eager, priority }: { item: ShowcaseItem; eager: boolean; priority: boolean }) {
  return (
    <li className={SLIDE}>
      <Link
        to={itemHref(item)}
        className="group relative flex h-full gap-4 overflow-hidden rounded-2xl p-4 text-white sm:gap-6 sm:rounded-3xl sm:p-6"
        style={{ backgroundColor: item.cover.color }}
      >
        <span
          aria-hidden="true"
          className="absolute inset-0 bg-gradient-to-br from-black/35 via-black/50 to-black/70"
        />
        <span className="relative w-28 shrink-0 sm:w-36 lg:w-40">
          <Cover
            image={item.cover}
            alt={mn.book.coverAlt(item.title)}
            sizes="(min-width: 1024px) 160px, (min-width: 640px) 144px, 112px"
            eager={eager}
            priority={priority}
            className="aspect-[2/3] w-full rounded-lg object-cover shadow-2xl ring-1 ring-white/20 transition group-hover:-translate-y-1"
          />
        </span>
        <span className="relative flex min-w-0 flex-col">
          <span className="text-xs font-semibold tracking-wide text-white/75 uppercase">{mn.showcase.heading}</span>
          <span className="mt-1 line-clamp-2 text-lg leading-snug font-extrabold sm:text-2xl">{item.title}</span>
          <span className="mt-1 line-clamp-1 text-sm text-white/85">{item.authors.map((a) => a.name).join(', ')}</span>
          <span className="mt-2 line-clamp-3 text-sm text-white/80 max-sm:hidden">{item.short_description}</span>
          <span className="mt-auto flex flex-wrap items-center gap-3 pt-3 text-xs text-white/85">
            {item.duration_seconds ? (
              <span className="inline-flex items-center gap-1">
                <HeadphonesIcon width={14} height={14} />
                {formatDuration(item.duration_seconds)}
              </span>
            ) : null}
            {item.pages ? (
              <span className="inline-flex items-center gap-1">
                <BookOpenIcon width={14} height={14} />
                {mn.book.pages(item.pages)}
              </span>
            ) : null}
          </span>
          <span className="mt-3 inline-flex h-9 w-fit items-center rounded-full bg-white px-4 text-sm font-semibold text-ink group-hover:bg-brand-soft">
            {mn.showcase.open}
          </span>
        </span>
      </Link>
    </li>
  );
}

/**
 * The home page's hero: the brand banner, then large cards of featured books in one row that
 * scrolls and snaps with CSS alone (no carousel script). Only the first covers load eagerly;
 * the first is the page's priority image unless the banner comes first (on a phone the
 * banner then fills the view, and the shelf below holds the largest cover).
 */
export function Showcase({ banner, items }: { banner?: ReactNode; items: ShowcaseItem[] }) {
  return (
    <section aria-label={mn.showcase.heading} className="mt-4">
      <ul className="scrollbar-none -mx-4 flex snap-x snap-mandatory scroll-px-4 items-stretch gap-4 overflow-x-auto px-4 pb-2 lg:mx-0 lg:scroll-px-0 lg:px-0">
        {banner ? <li className={`${SLIDE} sm:w-[30rem] lg:w-[36rem]`}>{banner}</li> : null}
        {items.map((item, index) => (
          <Slide key={item.id} item={item} eager={index < 2} priority={!banner && index === 0} />
        ))}
      </ul>
    </section>
  );
}
