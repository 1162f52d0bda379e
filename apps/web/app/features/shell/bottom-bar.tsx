import { useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { useAuth } from '~/lib/auth-store';
import { CloseIcon, CrownIcon, HomeIcon, LibraryIcon, MenuIcon, PumpkinIcon, SearchIcon } from '~/ui/icons';
import { loginHref } from './header';
import { MOBILE_CAMPAIGN_CHECK_MS, useVisibleTabs } from './top-tabs';

const itemClass = ({ isActive }: { isActive: boolean }) =>
  `flex flex-1 flex-col items-center justify-center gap-0.5 text-[11px] font-semibold ${isActive ? 'text-brand' : 'text-muted'}`;

/**
 * The phone's bottom bar: Home, Subscription, Search, My library, and a menu with every tab.
 * Search and My library send visitors to sign in first, with `prev` pointing back.
 */
export function BottomBar() {
  const { pathname, search } = useLocation();
  const loggedIn = useAuth((state) => state.loggedIn);
  const [menuOpen, setMenuOpen] = useState(false);
  const guarded = (to: string) => (loggedIn ? to : loginHref(to, ''));

  return (
    <>
      <nav
        aria-label={mn.layout.mainNavigation}
        className="fixed inset-x-0 bottom-0 z-40 flex h-16 border-t border-line bg-white pb-[env(safe-area-inset-bottom)] lg:hidden"
      >
        <NavLink to="/" end className={itemClass}>
          <HomeIcon />
          {mn.bottomBar.home}
        </NavLink>
        <NavLink to="/subscription" className={itemClass}>
          <CrownIcon />
          {mn.bottomBar.subscription}
        </NavLink>
        <NavLink to={guarded('/search')} className={() => itemClass({ isActive: pathname === '/search' })}>
          <SearchIcon />
          {mn.bottomBar.search}
        </NavLink>
        <NavLink
          to={guarded('/my-library/books')}
          className={() => itemClass({ isActive: pathname.startsWith('/my-library') })}
        >
          <LibraryIcon />
          {mn.bottomBar.myLibrary}
        </NavLink>
        <button
          type="button"
          className={itemClass({ isActive: menuOpen })}
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
        >
          <MenuIcon />
          {mn.bottomBar.more}
        </button>
      </nav>
      {menuOpen ? <MobileMenu onClose={() => setMenuOpen(false)} currentPath={`${pathname}${search}`} /> : null}
    </>
  );
}

function MobileMenu({ onClose }: { onClose: () => void; currentPath: string }) {
  const tabs = useVisibleTabs(MOBILE_CAMPAIGN_CHECK_MS);
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-label={mn.layout.more}
      className="fixed inset-0 z-50 flex flex-col bg-black/40 lg:hidden"
      onClick={onClose}
    >
      <div
        className="mt-auto max-h-[80vh] overflow-y-auto rounded-t-2xl bg-white p-4 pb-8"
        onClick={(event) => event.stopPropagation()}
      >
        <div className="mb-2 flex items-center justify-between">
          <span className="text-lg font-bold">{mn.layout.more}</span>
          <button
            type="button"
            onClick={onClose}
            aria-label={mn.layout.close}
            className="inline-flex size-10 items-center justify-center rounded-full hover:bg-surface"
          >
            <CloseIcon />
          </button>
        </div>
        <ul className="divide-y divide-line">
          {tabs.map((tab) => (
            <li key={tab.id} className="py-2">
              <Link to={tab.to} onClick={onClose} className="flex items-center gap-1.5 py-2 text-base font-semibold">
                {tab.id === 'halloween' ? <PumpkinIcon /> : null}
                {tab.label}
              </Link>
              {tab.children ? (
                <ul className="flex flex-wrap gap-2 pb-1">
                  {tab.children.map((child) => (
                    <li key={child.to}>
                      <Link
                        to={child.to}
                        onClick={onClose}
                        className="inline-flex rounded-full bg-surface px-3 py-1.5 text-sm"
                      >
                        {child.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
