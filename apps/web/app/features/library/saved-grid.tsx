import { useState } from 'react';
import { Link } from 'react-router';
import type { WishlistEntry } from '@nomsan/contracts/library';
import { mn } from '@nomsan/contracts/messages';
import { setWishlisted } from '~/lib/book-marks';
import { formatDate } from '~/lib/format';
import { itemHref } from '~/lib/links';
import { toast } from '~/lib/toasts';
import { Cover } from '~/ui/cover';
import { CloseIcon } from '~/ui/icons';

/** A column's width: 2 columns on a phone up to 6 in the page's 1280px (as the library's grid). */
const SIZES = [
  '(min-width: 1280px) 190px',
  '(min-width: 1024px) calc(20vw - 22px)',
  '(min-width: 768px) calc(25vw - 20px)',
  '(min-width: 640px) calc(33vw - 22px)',
  'calc(50vw - 24px)',
].join(', ');

/**
 * The books the member keeps, each a cover linking to its page with a button that takes it off
 * the list: gone at once, back with a toast when the removal fails. `onRemoved` follows a
 * removal that was kept (the page reloads its list, or steps back from an emptied last page).
 */
export function SavedGrid({
  entries,
  onRemoved,
}: {
  entries: WishlistEntry[];
  onRemoved: (remaining: number) => void;
}) {
  const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set());
  const shown = entries.filter((entry) => !hidden.has(entry.book_id));
  const remove = async (entry: WishlistEntry) => {
    const show = (visible: boolean) =>
      setHidden((current) => {
        const next = new Set(current);
        if (visible) next.delete(entry.book_id);
        else next.add(entry.book_id);
        return next;
      });
    show(false);
    if (await setWishlisted(entry.book_id, false)) {
      toast.success(mn.wishlist.removed(entry.book.title));
      onRemoved(shown.length - 1);
    } else show(true);
  };
  return (
    <ul
      aria-label={mn.wishlist.title}
      className="grid grid-cols-2 gap-x-4 gap-y-7 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6"
    >
      {shown.map((entry, index) => (
        <li key={entry.book_id} className="flex flex-col">
          <Link to={itemHref(entry.book)} className="group block rounded-lg">
            <Cover
              image={entry.book.cover}
              alt={mn.book.coverAlt(entry.book.title)}
              sizes={SIZES}
              eager={index < 2}
              className="aspect-[2/3] w-full rounded-lg object-cover shadow-sm ring-1 ring-black/5 transition group-hover:-translate-y-0.5 group-hover:shadow-md"
            />
            <span className="mt-2 line-clamp-2 text-sm leading-snug font-semibold group-hover:text-brand">
              {entry.book.title}
            </span>
            <span className="mt-0.5 line-clamp-1 block text-xs text-muted">
              {entry.book.authors.map((a) => a.name).join(', ')}
            </span>
          </Link>
          <span className="mt-1 block text-xs text-muted">{mn.wishlist.savedOn(formatDate(entry.created_at))}</span>
          <button
            type="button"
            onClick={() => void remove(entry)}
            aria-label={mn.wishlist.removeLabel(entry.book.title)}
            className="mt-2 inline-flex h-9 w-fit items-center gap-1.5 rounded-full border border-line px-3 text-xs font-semibold text-muted transition-colors hover:border-red-300 hover:text-red-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
          >
            <CloseIcon width={14} height={14} />
            {mn.wishlist.remove}
          </button>
        </li>
      ))}
    </ul>
  );
}
