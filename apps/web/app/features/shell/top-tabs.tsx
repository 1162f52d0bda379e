import { useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { HALLOWEEN_WINDOW, useTimeWindow } from '~/lib/time-window';
import { PumpkinIcon } from '~/ui/icons';
import { NAV_TABS, activeTab, showsSubmenu, type NavTab } from './navigation';

/** Desktop re-checks the Halloween window every 60 s (the mobile menu every 30 s). */
export const DESKTOP_CAMPAIGN_CHECK_MS = 60_000;
export const MOBILE_CAMPAIGN_CHECK_MS = 30_000;

export function useVisibleTabs(intervalMs: number): NavTab[] {
  const halloween = useTimeWindow(HALLOWEEN_WINDOW, intervalMs);
  return NAV_TABS.filter((tab) => tab.id !== 'halloween' || halloween);
}

const tabClass = (active: boolean) =>
  `relative inline-flex h-12 items-center px-3 text-[15px] font-semibold transition-colors ${
    active
      ? 'text-brand after:absolute after:inset-x-3 after:bottom-0 after:h-0.5 after:rounded after:bg-brand'
      : 'text-ink hover:text-brand'
  }`;

/** The desktop tab row, with the submenu row of the active Book or Subscription tab. */
export function TopTabs() {
  const { pathname } = useLocation();
  const tabs = useVisibleTabs(DESKTOP_CAMPAIGN_CHECK_MS);
  const current = activeTab(pathname, tabs);
  const [openMenu, setOpenMenu] = useState<NavTab['id'] | null>(null);

  return (
    <nav aria-label={mn.layout.mainNavigation} className="hidden border-t border-line lg:block">
      <div className="mx-auto flex max-w-screen-2xl items-center gap-1 px-6">
        {tabs.map((tab) => {
          const active = current?.id === tab.id;
          const dropdown = tab.children && !showsSubmenu(tab);
          return (
            <div
              key={tab.id}
              className="relative"
              onMouseEnter={() => dropdown && setOpenMenu(tab.id)}
              onMouseLeave={() => setOpenMenu(null)}
            >
              {dropdown ? (
                <button
                  type="button"
                  className={tabClass(active)}
                  aria-expanded={openMenu === tab.id}
                  aria-haspopup="true"
                  onClick={() => setOpenMenu(openMenu === tab.id ? null : tab.id)}
                >
                  {tab.label}
                  <span aria-hidden="true" className="ml-1 text-xs">
                    ▾
                  </span>
                </button>
              ) : (
                <Link to={tab.to} className={tabClass(active)} aria-current={active ? 'page' : undefined}>
                  {tab.id === 'halloween' ? <PumpkinIcon className="mr-1.5" /> : null}
                  {tab.label}
                </Link>
              )}
              {dropdown && openMenu === tab.id ? (
                <ul className="absolute left-0 top-full z-40 min-w-52 rounded-xl border border-line bg-white p-2 shadow-xl">
                  {tab.children?.map((child) => (
                    <li key={child.to}>
                      <Link
                        to={child.to}
                        className="block rounded-lg px-3 py-2 text-sm font-medium hover:bg-brand-soft hover:text-brand"
                        onClick={() => setOpenMenu(null)}
                      >
                        {child.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          );
        })}
      </div>
      {showsSubmenu(current) && current?.children ? <Submenu items={current.children} /> : null}
    </nav>
  );
}

function Submenu({ items }: { items: NonNullable<NavTab['children']> }) {
  return (
    <div className="border-t border-line bg-surface" data-testid="submenu">
      <ul className="mx-auto flex max-w-screen-2xl gap-2 px-6 py-2">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end
              className={({ isActive }) =>
                `inline-flex rounded-full px-4 py-1.5 text-sm font-medium ${isActive ? 'bg-brand text-white' : 'text-ink hover:bg-white'}`
              }
            >
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
