import { NavLink, Outlet } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { requireUser } from '~/lib/auth.server';
import { privatePageMeta } from '~/lib/meta';
import type { Route } from './+types/my-library';

/** "My library": what the member holds, all of it or what credits unlocked; members only. */
export async function loader({ context, request }: Route.LoaderArgs) {
  return { user: await requireUser(context, request) };
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export const meta: Route.MetaFunction = () => privatePageMeta(mn.library.title);

const TABS = [
  { to: '/my-library/books', label: mn.moneyPages.allBooks },
  { to: '/my-library/my-credit-books', label: mn.moneyPages.creditBooks },
  { to: '/my-library/notifications', label: mn.notifications.title },
  { to: '/my-library/saved', label: mn.wishlist.tab },
  { to: '/my-library/service', label: mn.rentals.serviceTab },
  { to: '/my-library/cards', label: mn.codePages.cardsTab },
];

export default function MyLibrary() {
  return (
    <div className="mx-auto max-w-screen-xl px-4 pt-6 pb-12 lg:px-6 lg:pt-10">
      <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{mn.library.title}</h1>
      <nav aria-label={mn.moneyPages.libraryTabs} className="mt-5 border-b border-line">
        <ul className="scrollbar-none -mb-px flex gap-6 overflow-x-auto">
          {TABS.map(({ to, label }) => (
            <li key={to} className="shrink-0">
              <NavLink
                to={to}
                className={({ isActive }) =>
                  `inline-flex h-11 items-center border-b-2 text-sm font-semibold whitespace-nowrap transition-colors ${
                    isActive ? 'border-brand text-brand' : 'border-transparent text-muted hover:text-ink'
                  }`
                }
              >
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6">
        <Outlet />
      </div>
    </div>
  );
}
