import { Link } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { formatDate } from '~/lib/format';
import { Cover } from '~/ui/cover';
import { BookOpenIcon, HeadphonesIcon, LayersIcon } from '~/ui/icons';
import type { Image } from '@nomsan/contracts/catalog';
import type { Holding } from './group-holdings';

const t = mn.moneyPages;

/** A title of the library as its card shows it. */
export interface LibraryCard extends Pick<Holding, 'formats' | 'reasons' | 'until'> {
  key: string;
  title: string;
  /** the title's page (the detail's `web_link`) */
  href: string;
  cover: Image;
  authors: string;
  /** summaries have square covers */
  square: boolean;
}

/** A column's width: 2 columns on a phone up to 6 in the page's 1280px. */
const SIZES = [
  '(min-width: 1280px) 190px',
  '(min-width: 1024px) calc(20vw - 22px)',
  '(min-width: 768px) calc(25vw - 20px)',
  '(min-width: 640px) calc(33vw - 22px)',
  'calc(50vw - 24px)',
].join(', ');

const FORMAT_ICONS = { audiobook: HeadphonesIcon, ebook: BookOpenIcon, summary: LayersIcon } as const;

const reasonLabel = (reason: string): string | null =>
  Object.hasOwn(t.reasons, reason) ? t.reasons[reason as keyof typeof t.reasons] : null;

/** The member's titles: each a cover linking to its page, with the formats held and why. */
export function LibraryGrid({ cards, label }: { cards: LibraryCard[]; label: string }) {
  return (
    <ul
      aria-label={label}
      className="grid grid-cols-2 gap-x-4 gap-y-7 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6"
    >
      {cards.map((card, index) => (
        <li key={card.key}>
          <LibraryItem card={card} eager={index < 2} />
        </li>
      ))}
    </ul>
  );
}

function LibraryItem({ card, eager }: { card: LibraryCard; eager: boolean }) {
  const reasons = card.reasons.map(reasonLabel).filter((r): r is string => r !== null);
  return (
    <Link to={card.href} className="group block rounded-lg">
      {/* a square cover sits at the foot of a book's 2:3 box, so titles line up in a row */}
      <span className="flex aspect-[2/3] items-end">
        <Cover
          image={card.cover}
          alt={mn.book.coverAlt(card.title)}
          sizes={SIZES}
          eager={eager}
          className={`w-full rounded-lg object-cover shadow-sm ring-1 ring-black/5 transition group-hover:-translate-y-0.5 group-hover:shadow-md ${card.square ? 'aspect-square' : 'aspect-[2/3]'}`}
        />
      </span>
      <span className="mt-2 line-clamp-2 text-sm leading-snug font-semibold group-hover:text-brand">{card.title}</span>
      {card.authors ? <span className="mt-0.5 line-clamp-1 block text-xs text-muted">{card.authors}</span> : null}
      <span className="mt-1.5 flex flex-wrap gap-1">
        {card.formats.map((format) => {
          const Icon = FORMAT_ICONS[format];
          return (
            <span
              key={format}
              className="inline-flex items-center gap-1 rounded-full bg-brand-soft px-2 py-0.5 text-[11px] font-semibold whitespace-nowrap text-brand"
            >
              <Icon width={12} height={12} />
              {mn.offers.formats[format]}
            </span>
          );
        })}
      </span>
      {reasons.length > 0 || card.until ? (
        <span className="mt-1 block text-xs text-muted">
          {[...reasons, ...(card.until ? [t.until(formatDate(card.until))] : [])].join(' · ')}
        </span>
      ) : null}
    </Link>
  );
}
