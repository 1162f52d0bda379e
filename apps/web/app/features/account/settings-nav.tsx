import { useEffect, useRef, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { displayName, type SessionUser } from '~/lib/auth-store';
import { CoinsIcon, CreditCardIcon, LinkIcon, LockIcon, MonitorIcon, ReceiptIcon, UserIcon } from '~/ui/icons';
import { Avatar } from './avatar';

const t = mn.settings;

const SECTIONS: { to: string; label: string; Icon: typeof UserIcon; end: boolean; alias?: string }[] = [
  { to: '/settings', label: t.profile, Icon: UserIcon, end: true },
  { to: '/settings/password', label: t.password, Icon: LockIcon, end: false },
  { to: '/settings/devices', label: t.devices, Icon: MonitorIcon, end: false },
  { to: '/settings/social-accounts', label: t.socialAccounts, Icon: LinkIcon, end: false },
  { to: '/settings/invoices', label: mn.moneyPages.invoices, Icon: ReceiptIcon, end: false },
  { to: '/settings/credit-transactions', label: mn.moneyPages.credits, Icon: CoinsIcon, end: false },
  // the app's older address of the same page
  {
    to: '/settings/payment-cards',
    label: mn.moneyPages.cards,
    Icon: CreditCardIcon,
    end: false,
    alias: '/settings/golomt-cards',
  },
];

/**
 * The settings sections: a column beside the page on wide screens, a row on phones that scrolls
 * sideways and keeps the current section in view.
 */
export function SettingsNav({ user }: { user: SessionUser }) {
  const list = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    const row = list.current;
    const active = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (row && active && row.scrollWidth > row.clientWidth) {
      row.scrollLeft = active.offsetLeft - row.offsetLeft - 16;
    }
  }, [pathname]);
  return (
    <aside>
      <div className="mb-4 hidden items-center gap-3 rounded-2xl bg-surface p-4 lg:flex">
        <Avatar user={user} size={44} />
        <div className="min-w-0">
          <p className="truncate font-semibold">{displayName(user)}</p>
          <p className="text-xs text-muted">{mn.account.id(user.id)}</p>
        </div>
      </div>
      <nav aria-label={t.nav}>
        <ul
          ref={list}
          className="scrollbar-none -mx-4 flex gap-2 overflow-x-auto px-4 lg:mx-0 lg:flex-col lg:gap-1 lg:overflow-visible lg:px-0"
        >
          {SECTIONS.map(({ to, label, Icon, end, alias }) => {
            // on the alias, the entry points there, so it shows as the current page
            const aliased = alias !== undefined && pathname.startsWith(alias);
            return (
              <li key={to} className="shrink-0">
                <NavLink
                  to={aliased ? alias : to}
                  end={end}
                  className={({ isActive }) =>
                    `flex items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold whitespace-nowrap transition-colors lg:rounded-xl lg:py-2.5 ${
                      isActive ? 'bg-brand-soft text-brand' : 'bg-surface text-ink hover:text-brand lg:bg-transparent'
                    }`
                  }
                >
                  <Icon width={18} height={18} />
                  {label}
                </NavLink>
              </li>
            );
          })}
        </ul>
      </nav>
    </aside>
  );
}

/** A settings page's heading, lead and body. */
export function SettingsSection({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  return (
    <section aria-labelledby="settings-heading" className="max-w-2xl">
      <h2 id="settings-heading" className="text-xl font-bold">
        {title}
      </h2>
      {lead ? <p className="mt-1 text-sm leading-relaxed text-muted">{lead}</p> : null}
      <div className="mt-5">{children}</div>
    </section>
  );
}
