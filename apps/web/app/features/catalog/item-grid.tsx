import { mn } from '@nomsan/contracts/messages';
import { ItemCard, type CardItem } from './item-card';

/**
 * A column's width at each breakpoint: the page's side padding (1rem each side, 1.5rem from
 * `lg`, the content at most 1536px wide) and the 1rem gaps taken out. On a 412px phone at
 * 1.75x that is 318 device pixels, which the 320w cover fills; "45vw" asked for the 640w one.
 */
const GRID_SIZES = [
  '(min-width: 1280px) 234px',
  '(min-width: 1024px) calc(20vw - 22px)',
  '(min-width: 768px) calc(25vw - 20px)',
  '(min-width: 640px) calc(33vw - 22px)',
  'calc(50vw - 24px)',
].join(', ');

/**
 * How many covers a grid in the first view loads at once: a phone's first row. The rest start
 * once laid out (at once where they are in view), so the lead cover, the largest paint, has a
 * phone's bandwidth to itself.
 */
export const FIRST_ROW = 2;

/**
 * A responsive grid of cards for list pages: 2 columns on a phone up to 7 on wide screens.
 * The first `eagerCount` covers load at once (the first one the priority image); the rest as
 * they come into view.
 */
export function ItemGrid({ items, eagerCount = 0, label }: { items: CardItem[]; eagerCount?: number; label?: string }) {
  if (items.length === 0)
    return <p className="rounded-2xl bg-surface px-5 py-10 text-center text-muted">{mn.lists.empty}</p>;
  return (
    <ul
      aria-label={label}
      className="grid grid-cols-2 gap-x-4 gap-y-6 xs:grid-cols-2 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6 3xl:grid-cols-7"
    >
      {items.map((item, index) => (
        <li key={`${item.type}-${item.id}`}>
          <ItemCard
            item={item}
            sizes={GRID_SIZES}
            eager={index < eagerCount}
            priority={eagerCount > 0 && index === 0}
          />
        </li>
      ))}
    </ul>
  );
}
