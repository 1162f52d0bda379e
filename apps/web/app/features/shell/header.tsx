import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { useAuth } from '~/lib/auth-store';
import { GiftIcon, Logo, SearchIcon } from '~/ui/icons';
import { TopTabs } from './top-tabs';

/** The login link carries the current page as `prev`, so signing in returns here. */
export function loginHref(pathname: string, search: string): string {
  if (pathname.startsWith('/auth')) return '/auth';
  return `/auth?prev=${encodeURIComponent(`${pathname}${search}`)}`;
}

/**
 * Desktop header: logo, search, promo icon, the notification bell and the account (the signed-in
 * user's), or the login link for visitors; then the tabs. Compact on phones (the bell stays), where
 * a search button opens the search page for everyone (the bottom bar's "Хайх" asks a visitor to
 * sign in first, as the spec says).
 */
export function Header({ search, bell, account }: { search: ReactNode; bell: ReactNode; account: ReactNode }) {
  const { pathname, search: query } = useLocation();
  const loggedIn = useAuth((state) => state.loggedIn);
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-screen-2xl items-center gap-4 px-4 lg:px-6">
        <Link to="/" aria-label={mn.layout.homeLink} className="shrink-0">
          <Logo />
        </Link>
        <div className="hidden flex-1 justify-center md:flex">{search}</div>
        <div className="ml-auto flex items-center gap-2 md:ml-0">
          <Link
            to="/search"
            aria-label={mn.layout.searchButton}
            title={mn.layout.searchButton}
            className="inline-flex size-10 items-center justify-center rounded-full text-ink hover:bg-brand-soft hover:text-brand md:hidden"
          >
            <SearchIcon />
          </Link>
          <Link
            to="/promo"
            aria-label={mn.layout.promo}
            title={mn.layout.promo}
            className="inline-flex size-10 items-center justify-center rounded-full text-ink hover:bg-brand-soft hover:text-brand"
          >
            <GiftIcon />
          </Link>
          {loggedIn ? (
            <>
              {bell}
              {account}
            </>
          ) : (
            <Link
              to={loginHref(pathname, query)}
              className="inline-flex h-10 items-center rounded-full bg-brand px-5 text-sm font-semibold text-white hover:bg-brand-dark"
            >
              {mn.layout.login}
            </Link>
          )}
        </div>
      </div>
      <TopTabs />
    </header>
  );
}
