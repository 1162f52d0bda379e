import type { NewsfeedTab } from '@nomsan/contracts/catalog';
import { Shelf } from './shelf';

/** The shelves of one newsfeed tab, the first one loaded eagerly (it is the first view). */
export function FeedPage({ heading, intro, feed }: { heading: string; intro?: string; feed: NewsfeedTab }) {
  return (
    <div className="mx-auto max-w-screen-2xl px-4 lg:px-6">
      <div className="pt-6 pb-2">
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{heading}</h1>
        {intro ? <p className="mt-2 max-w-2xl text-muted">{intro}</p> : null}
      </div>
      {feed.shelves.map((shelf, index) => (
        <Shelf key={shelf.id} shelf={shelf} eager={index === 0} />
      ))}
    </div>
  );
}
