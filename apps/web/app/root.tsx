import type { ReactNode } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import type { Route } from './+types/root';
import { AccountMenu } from './features/account/account-menu';
import { useSessionSync } from './features/account/use-session-sync';
import { NotificationBell } from './features/notifications/notification-bell';
import { MiniPlayer } from './features/player/mini-player';
import { PodcastPlayerBar } from './features/podcast-player/podcast-player-bar';
import { sessionId } from './features/session/client-session';
import { useClientSession } from './features/session/use-client-session';
import { BottomBar } from './features/shell/bottom-bar';
import { Footer } from './features/shell/footer';
import { Header } from './features/shell/header';
import { activeTab, chromeVisibility, showsSubmenu } from './features/shell/navigation';
import { ErrorPage, NotFound } from './features/shell/status-pages';
import { SearchBox } from './features/search/search-box';
import { DiscountBanner } from './features/subscription/discount-banner';
import { pageMeta } from './lib/meta';
import { useServiceWorker } from './lib/service-worker';
import { Toaster } from './ui/toaster';
import stylesheet from './app.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

export const meta: Route.MetaFunction = () => pageMeta({});

export async function loader({ context }: Route.LoaderArgs) {
  const [categories, popular] = await Promise.all([
    context.api.categories().catch(() => []),
    // spec: a failed popular-search list is only logged; the panel then stays hidden
    context.api.popularQueries(3).catch((error: unknown) => {
      console.error('popular searches unavailable', error);
      return [];
    }),
  ]);
  return { categories, popular: popular.map((p) => p.query), config: context.config, cspNonce: context.cspNonce };
}

// The category list and configuration do not change between pages.
export const shouldRevalidate: ShouldRevalidateFunction = () => false;

type RootData = Awaited<ReturnType<typeof loader>>;

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<RootData>('root');
  const nonce = data?.cspNonce;
  return (
    <html lang="mn">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#0061ff" />
        {/* A stylesheet with a precedence is a resource React puts first in the head, after the
            largest paint's image preload and before the scripts' preloads: it blocks the first
            paint, they do not. */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** The default layout: header, discount-banner slot, page, footer, player slot, toasts. */
function Shell({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<RootData>('root');
  const { pathname, search } = useLocation();
  const visible = chromeVisibility(pathname, new URLSearchParams(search));
  useClientSession();
  useSessionSync();
  useServiceWorker();
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        {mn.layout.skipToContent}
      </a>
      {visible.header ? (
        <Header
          search={<SearchBox categories={data?.categories ?? []} popular={data?.popular ?? []} />}
          bell={<NotificationBell />}
          account={<AccountMenu />}
        />
      ) : null}
      <div id="discount-banner">
        {visible.header ? (
          <DiscountBanner baseUrl={data?.config.publicBaseUrl} withSubmenu={showsSubmenu(activeTab(pathname))} />
        ) : null}
      </div>
      <main id="main" className={visible.bottomBar ? 'min-h-[60vh] pb-20 lg:pb-0' : 'min-h-[60vh]'}>
        {children}
      </main>
      {visible.footer && data ? <Footer config={data.config} /> : null}
      <div id="player" />
      <MiniPlayer aboveBottomBar={visible.bottomBar} />
      <PodcastPlayerBar sessionId={sessionId} aboveBottomBar={visible.bottomBar} />
      {visible.bottomBar ? <BottomBar /> : null}
      <Toaster />
    </>
  );
}

export default function App() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return <Shell>{notFound ? <NotFound /> : <ErrorPage status={status} />}</Shell>;
}
