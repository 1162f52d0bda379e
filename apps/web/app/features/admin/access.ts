import { bundleDeskEndpoints } from '@nomsan/contracts/bundle-desk.endpoints';
import { catalogDeskEndpoints } from '@nomsan/contracts/catalog-desk.endpoints';
import { collectionsDeskEndpoints } from '@nomsan/contracts/collections-desk.endpoints';
import type { Endpoint } from '@nomsan/contracts/endpoint';
import type { Messages } from '@nomsan/contracts/messages';
import { billingEndpoints } from '@nomsan/contracts/money.endpoints';
import { peopleDeskEndpoints } from '@nomsan/contracts/people-desk.endpoints';
import { podcastFeedEndpoints } from '@nomsan/contracts/podcasts.endpoints';
import { checkRoles, type StaffRole } from '@nomsan/contracts/staff';
import { staffEndpoints } from '@nomsan/contracts/staff.endpoints';

/**
 * Whether someone with `roles` may call `endpoint`: the API's staff gate's rule, the contract's
 * `checkRoles`, on the roles the endpoint names. The pages only hide what the gate would
 * refuse; the gate still decides.
 */
export const mayUse = (roles: readonly StaffRole[], endpoint: Endpoint): boolean =>
  checkRoles(roles, endpoint.staff ?? []);

export type SectionId = keyof Messages['admin']['sectionHints'];

export interface Section {
  id: SectionId;
  to: string;
  /** the endpoint whose roles open the page: the roles are the contract's, never spelled here */
  opens: Endpoint;
}

/** The back office's pages after the home, each opened by the endpoint it reads. */
export const SECTIONS: readonly Section[] = [
  { id: 'catalog', to: '/admin/catalog', opens: catalogDeskEndpoints.books },
  { id: 'summaries', to: '/admin/summaries', opens: catalogDeskEndpoints.summaries },
  { id: 'collections', to: '/admin/collections', opens: collectionsDeskEndpoints.topics },
  { id: 'people', to: '/admin/people', opens: peopleDeskEndpoints.people },
  { id: 'publishers', to: '/admin/publishers', opens: peopleDeskEndpoints.publishers },
  { id: 'categories', to: '/admin/categories', opens: peopleDeskEndpoints.categories },
  { id: 'podcasts', to: '/admin/podcasts', opens: podcastFeedEndpoints.feeds },
  { id: 'bundles', to: '/admin/bundles', opens: bundleDeskEndpoints.bundles },
  { id: 'staff', to: '/admin/staff', opens: staffEndpoints.list },
  { id: 'audit', to: '/admin/audit', opens: staffEndpoints.audit },
  { id: 'refunds', to: '/admin/refunds', opens: billingEndpoints.refunds },
  { id: 'account', to: '/admin/account', opens: staffEndpoints.me },
];

export const sectionsFor = (roles: readonly StaffRole[]) => SECTIONS.filter((section) => mayUse(roles, section.opens));

/**
 * Whether a refusal means there is no staff session (none, ended, or removed): the API's 401
 * UNAUTHORIZED. Not every 401: a wrong password at sign-in is INVALID_CREDENTIALS.
 */
export const isSessionLost = (failure: { status: number; code: string }) =>
  failure.status === 401 && failure.code === 'UNAUTHORIZED';

/** The sign-in page that comes back to `path` (a back-office page) afterwards. */
export function signInHref(path: string): string {
  const back = backOfficePath(path);
  return back === '/admin' ? '/admin/sign-in' : `/admin/sign-in?prev=${encodeURIComponent(back)}`;
}

const HERE = 'http://back.office';

/**
 * Where to go after signing in: `prev` when it is a back-office page behind the sign-in
 * (never the sign-in or an invitation, never another site), else the back office's home.
 */
export function backOfficePath(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return '/admin';
  const url = new URL(raw, HERE);
  const inside = /^\/admin(\/|$)/.test(url.pathname) && !/^\/admin\/(sign-in|invite)(\/|$)/.test(url.pathname);
  return url.origin === HERE && inside ? `${url.pathname}${url.search}` : '/admin';
}
