import type { ReactNode } from 'react';
import { Link, NavLink, useNavigation, useOutletContext } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import type { StaffMe } from '@nomsan/contracts/staff';
import { Spinner } from '~/ui/form';
import {
  BookOpenIcon,
  CoinsIcon,
  GiftIcon,
  HeadphonesIcon,
  HomeIcon,
  LayersIcon,
  LibraryIcon,
  Logo,
  LogoutIcon,
  SettingsIcon,
  StarIcon,
  UserIcon,
} from '~/ui/icons';
import { sectionsFor, type SectionId } from './access';
import { RoleChips, adminButton } from './ui';
import { useStaffSignOut } from './use-staff-sign-out';

const t = mn.admin;

const ICONS: Record<SectionId | 'home', typeof HomeIcon> = {
  home: HomeIcon,
  catalog: BookOpenIcon,
  summaries: LibraryIcon,
  collections: StarIcon,
  people: UserIcon,
  publishers: LibraryIcon,
  categories: LayersIcon,
  podcasts: HeadphonesIcon,
  bundles: GiftIcon,
  staff: UserIcon,
  audit: LayersIcon,
  refunds: CoinsIcon,
  account: SettingsIcon,
};

/** The back office's mark: the store's logo with the word for administration beside it. */
function Brand() {
  return (
    <Link to="/admin" className="flex items-center gap-2">
      <Logo />
      <span className="rounded-md bg-ink px-1.5 py-0.5 text-xs font-semibold tracking-normal text-white">
        {t.brand}
      </span>
    </Link>
  );
}

/** A thin bar at the top while the next page's data loads. */
function Progress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div role="progressbar" aria-label={t.loading} className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden">
      <div className="h-full w-1/3 animate-pulse bg-brand" />
    </div>
  );
}

/**
 * The signed-in back office: a sidebar on a wide screen (the sections the person's roles open,
 * who they are, sign out), a bar with the sections in a row on a phone; the page beside it.
 */
export function AdminShell({ me, children }: { me: StaffMe; children: ReactNode }) {
  const { signOut, pending } = useStaffSignOut();
  const links = [{ id: 'home' as const, to: '/admin' }, ...sectionsFor(me.roles)];
  const signOutButton = (extra: string) => (
    <button
      type="button"
      onClick={() => void signOut()}
      disabled={pending}
      className={adminButton('quiet', 'sm', extra)}
    >
      {pending ? <Spinner /> : <LogoutIcon width={16} height={16} />}
      {t.signOut}
    </button>
  );
  return (
    <div className="min-h-dvh bg-surface lg:grid lg:grid-cols-[16rem_minmax(0,1fr)]">
      <Progress />
      <aside className="border-b border-line bg-white lg:border-r lg:border-b-0">
        <div className="lg:sticky lg:top-0 lg:flex lg:h-dvh lg:flex-col">
          <div className="flex h-14 items-center justify-between gap-3 px-4 lg:px-5">
            <Brand />
            <div className="flex min-w-0 items-center gap-1 lg:hidden">
              <span className="hidden max-w-40 truncate text-sm font-semibold sm:block">{me.name}</span>
              {signOutButton('-mr-1')}
            </div>
          </div>
          <nav aria-label={t.nav} className="overflow-x-auto scrollbar-none lg:mt-2 lg:overflow-visible">
            <ul className="flex gap-1 px-3 pb-2 lg:flex-col lg:pb-0">
              {links.map((link) => {
                const Icon = ICONS[link.id];
                return (
                  <li key={link.id} className="shrink-0">
                    <NavLink
                      to={link.to}
                      end={link.id === 'home'}
                      className={({ isActive }) =>
                        `flex h-9 items-center gap-2.5 rounded-lg px-3 text-sm font-semibold whitespace-nowrap transition-colors ${
                          isActive ? 'bg-brand-soft text-brand-dark' : 'text-muted hover:bg-surface hover:text-ink'
                        }`
                      }
                    >
                      <Icon width={18} height={18} />
                      {t.sections[link.id]}
                    </NavLink>
                  </li>
                );
              })}
            </ul>
          </nav>
          <div className="mt-auto hidden border-t border-line p-4 lg:block">
            <p className="truncate text-sm font-semibold">{me.name}</p>
            <p className="truncate text-xs text-muted" title={me.login}>
              {me.login}
            </p>
            <div className="mt-2">
              <RoleChips roles={me.roles} />
            </div>
            <div className="mt-3 flex items-center justify-between gap-2">
              {signOutButton('-ml-2.5')}
              <Link to="/" className="text-xs font-semibold text-muted hover:text-brand">
                {t.toStore}
              </Link>
            </div>
          </div>
        </div>
      </aside>
      <div className="min-w-0 px-4 py-5 sm:px-6 lg:px-8 lg:py-8">
        <div className="mx-auto max-w-6xl">{children}</div>
      </div>
    </div>
  );
}

/** The signed-in staff member, for the pages inside the layout (its outlet's context). */
export const useStaffMe = () => useOutletContext<StaffMe>();

/** The pages before a session (sign-in, an invitation): the mark and one card, centred. */
export function AdminFrame({
  children,
  wide = false,
  card = true,
}: {
  children: ReactNode;
  wide?: boolean;
  /** false: the content brings its own box (an error) */
  card?: boolean;
}) {
  return (
    <div className="flex min-h-dvh flex-col items-center bg-surface px-4 py-8 sm:py-14">
      <Brand />
      <div
        className={`mt-6 w-full ${card ? 'rounded-xl border border-line bg-white p-5 sm:p-7' : ''} ${wide ? 'max-w-2xl' : 'max-w-sm'}`}
      >
        {children}
      </div>
    </div>
  );
}

/** While a page's data loads (before the first paint of a session's pages). */
export function AdminLoading() {
  return (
    <div className="flex min-h-dvh items-center justify-center gap-2 bg-surface text-sm text-muted" role="status">
      <Spinner />
      {t.loading}
    </div>
  );
}
