import { mn } from '@nomsan/contracts/messages';
import { ItemCard, type CardItem } from './item-card';

const GRID_SIZES = '(min-width: 1280px) 200px, (min-width: 1024px) 18vw, (min-width: 640px) 24vw, 45vw';

/**
 * A responsive grid of cards for list pages: 2 columns on a phone up to 7 on wide screens.
 * Only the first row is eager (its first cover the priority image); the rest load as they
 * scroll into view.
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
