import { Link } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { BookOpenIcon, HeadphonesIcon, SearchIcon } from '~/ui/icons';

const start = [
  { to: '/audio', label: mn.library.browseAudio, icon: HeadphonesIcon },
  { to: '/book', label: mn.library.browseBooks, icon: BookOpenIcon },
  { to: '/summaries', label: mn.library.browseSummaries, icon: BookOpenIcon },
  { to: '/search', label: mn.library.search, icon: SearchIcon },
];

/** An empty library: what will show here, and where to start looking. */
export function LibraryEmpty({
  title = mn.library.emptyTitle,
  hint = mn.library.emptyHint,
}: {
  title?: string;
  hint?: string;
}) {
  return (
    <section className="rounded-2xl bg-surface px-6 py-10 text-center">
      <h2 className="text-lg font-bold">{title}</h2>
      <p className="mx-auto mt-2 max-w-xl text-muted">{hint}</p>
      <ul className="mt-6 flex flex-wrap justify-center gap-3">
        {start.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="inline-flex h-11 items-center gap-2 rounded-full bg-white px-5 text-sm font-semibold shadow-sm ring-1 ring-line hover:text-brand"
            >
              <Icon width={18} height={18} />
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
