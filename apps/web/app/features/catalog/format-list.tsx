import type { ReactNode } from 'react';
import type { BookCard } from '@nomsan/contracts/catalog';
import { FIRST_ROW, ItemGrid } from './item-grid';

/** A format's whole list (what "Бүгдийг харах" on `/audio` and `/book` opens), a page at a time. */
export function FormatList({
  heading,
  nav,
  items,
  pagination,
}: {
  heading: string;
  nav: ReactNode;
  items: BookCard[];
  pagination: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-screen-2xl px-4 pb-10 lg:px-6">
      <h1 className="pt-6 pb-2 text-2xl font-extrabold tracking-tight sm:text-3xl">{heading}</h1>
      <div className="pt-2 pb-4">{nav}</div>
      <ItemGrid items={items} eagerCount={FIRST_ROW} />
      {pagination}
    </div>
  );
}
