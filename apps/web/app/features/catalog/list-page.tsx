import type { ReactNode } from 'react';
import type { Shelf as ShelfData } from '@nomsan/contracts/catalog';
import { FIRST_ROW, ItemGrid } from './item-grid';
import type { CardItem } from './item-card';
import { Shelf } from './shelf';

/**
 * A list page: its heading, the feed's shelves on the first page only, then the whole list as
 * a grid with pagination below.
 */
export function ListPage({
  heading,
  intro,
  shelves,
  gridHeading,
  items,
  pagination,
}: {
  heading: string;
  intro?: string;
  shelves: ShelfData[];
  gridHeading: string;
  /** null when the list could not be loaded: the shelves alone then */
  items: CardItem[] | null;
  pagination: ReactNode;
}) {
  const firstView = shelves.length === 0;
  return (
    <div className="mx-auto max-w-screen-2xl px-4 pb-10 lg:px-6">
      <div className="pt-6 pb-2">
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{heading}</h1>
        {intro ? <p className="mt-2 max-w-2xl text-muted">{intro}</p> : null}
      </div>
      {shelves.map((shelf, index) => (
        <Shelf key={shelf.id} shelf={shelf} priority={index === 0} />
      ))}
      {items ? (
        <section aria-labelledby="all-items" className="pt-6">
          <h2 id="all-items" className="mb-4 text-lg font-bold sm:text-2xl">
            {gridHeading}
          </h2>
          <ItemGrid items={items} eagerCount={firstView ? FIRST_ROW : 0} />
          {pagination}
        </section>
      ) : null}
    </div>
  );
}
