import { Link } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { requireUser } from '~/lib/auth.server';
import { privatePageMeta } from '~/lib/meta';
import { BookOpenIcon, HeadphonesIcon, SearchIcon } from '~/ui/icons';
import type { Route } from './+types/account';

/**
 * "My library": what the reader owns or has through a plan. Nothing can be bought yet (commerce
 * comes next), so every library is empty for now and the page says where to start.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  return { user: await requireUser(context, request) };
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export const meta: Route.MetaFunction = () => privatePageMeta(mn.library.title);

const start = [
  { to: '/audio', label: mn.library.browseAudio, icon: HeadphonesIcon },
  { to: '/book', label: mn.library.browseBooks, icon: BookOpenIcon },
  { to: '/summaries', label: mn.library.browseSummaries, icon: BookOpenIcon },
  { to: '/search', label: mn.library.search, icon: SearchIcon },
];

export default function Library() {
  return (
    <div className="mx-auto max-w-screen-lg px-4 pt-6 pb-12 lg:px-6 lg:pt-10">
      <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{mn.library.title}</h1>
      <section className="mt-6 rounded-2xl bg-surface px-6 py-10 text-center">
        <h2 className="text-lg font-bold">{mn.library.emptyTitle}</h2>
        <p className="mx-auto mt-2 max-w-xl text-muted">{mn.library.emptyHint}</p>
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
    </div>
  );
}
