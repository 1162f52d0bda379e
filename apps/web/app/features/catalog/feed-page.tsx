import type { ReactNode } from 'react';
import type { NewsfeedTab } from '@nomsan/contracts/catalog';
import { Shelf, type ShelfData } from './shelf';

/**
 * The shelves of one newsfeed tab, the first one loaded eagerly (it is the first view), and
 * optional shelves after them (topics).
 */
export function FeedPage({
  heading,
  intro,
  feed,
  nav,
  hero,
  more = [],
}: {
  heading: string;
  intro?: string;
  feed: NewsfeedTab;
  /** below the heading: the category chips */
  nav?: ReactNode;
  hero?: ReactNode;
  more?: ShelfData[];
}) {
  return (
    <div className="mx-auto max-w-screen-2xl px-4 pb-6 lg:px-6">
      <div className="pt-6 pb-2">
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{heading}</h1>
        {intro ? <p className="mt-2 max-w-2xl text-muted">{intro}</p> : null}
      </div>
      {nav ? <div className="pt-2 pb-2">{nav}</div> : null}
      {hero}
      {feed.shelves.map((shelf, index) => (
        <Shelf key={shelf.id} shelf={shelf} priority={!hero && index === 0} />
      ))}
      {more.map((shelf) => (
        <Shelf key={shelf.id} shelf={shelf} />
      ))}
    </div>
  );
}
