import { mn } from '@nomsan/contracts/messages';

export interface NavLinkItem {
  to: string;
  label: string;
}

export interface NavTab extends NavLinkItem {
  id: 'for-you' | 'halloween' | 'book' | 'subscription' | 'podcast' | 'service';
  /** the submenu; a tab with several links shows it */
  children?: NavLinkItem[];
  /** paths that make this tab the active one */
  match: string[];
}

/** The top tabs of the spec: For you, Halloween (temporary), Book, Subscription, Podcast, Service. */
export const NAV_TABS: NavTab[] = [
  { id: 'for-you', to: '/for-you', label: mn.tabs.forYou, match: ['/for-you', '/'] },
  { id: 'halloween', to: '/halloween', label: mn.tabs.halloween, match: ['/halloween'] },
  {
    id: 'book',
    to: '/audio',
    label: mn.tabs.book,
    match: ['/book', '/audio', '/summaries', '/english-book', '/summary', '/category'],
    children: [
      { to: '/audio', label: mn.tabs.audio },
      { to: '/summaries', label: mn.tabs.summary },
      { to: '/book', label: mn.tabs.ebook },
      { to: '/english-book', label: mn.tabs.englishBook },
    ],
  },
  {
    id: 'subscription',
    to: '/subscription',
    label: mn.tabs.subscription,
    match: ['/subscription', '/plus', '/subs-sale'],
    children: [
      { to: '/subscription/audio', label: mn.tabs.subscriptionAudio },
      { to: '/subscription/book', label: mn.tabs.subscriptionBook },
      { to: '/subscription/summary', label: mn.tabs.subscriptionSummary },
      { to: '/subscription/credit', label: mn.tabs.subscriptionCredit },
    ],
  },
  { id: 'podcast', to: '/podcast', label: mn.tabs.podcast, match: ['/podcast'] },
  {
    id: 'service',
    to: '/gift',
    label: mn.tabs.service,
    match: ['/gift', '/coupon', '/app-download'],
    children: [
      { to: '/gift', label: mn.tabs.gift },
      { to: '/coupon', label: mn.tabs.coupon },
      { to: '/app-download', label: mn.tabs.appDownload },
    ],
  },
];

export function activeTab(pathname: string, tabs: NavTab[] = NAV_TABS): NavTab | undefined {
  return tabs.find((tab) =>
    tab.match.some((prefix) =>
      prefix === '/' ? pathname === '/' : pathname === prefix || pathname.startsWith(`${prefix}/`),
    ),
  );
}

/** Book and Subscription keep their submenu open while active (the banner below gets spacing). */
export function showsSubmenu(tab: NavTab | undefined): boolean {
  return tab?.id === 'book' || tab?.id === 'subscription';
}

/**
 * Header and footer are hidden in the app's web view (mode=app), on /app-download, in the
 * reader (/reader/...), which has the whole screen for the book and its own toolbar, and in the
 * back office (/admin...), which has a layout of its own.
 */
export function chromeVisibility(pathname: string, search: URLSearchParams, showFooter = true) {
  const appMode = search.get('mode') === 'app';
  const appDownload = pathname === '/app-download' || pathname.startsWith('/app-download/');
  const backOffice = pathname === '/admin' || pathname.startsWith('/admin/');
  const hidden = appMode || appDownload || backOffice || pathname.startsWith('/reader/');
  return {
    header: !hidden,
    footer: !hidden && showFooter,
    bottomBar: !hidden,
  };
}
