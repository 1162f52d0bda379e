import { Link, useLocation } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { LibraryEmpty } from '~/features/library/library-empty';
import { PassList } from '~/features/subscription/pass-list';
import { LibraryGrid } from '~/features/library/library-grid';
import { libraryPage } from '~/features/library/library-page.server';
import { formatDate } from '~/lib/format';
import { privatePageMeta } from '~/lib/meta';
import { Pagination } from '~/ui/pagination';
import type { Route } from './+types/my-library-service';

const t = mn.rentals;

export async function loader({ context, request }: Route.LoaderArgs) {
  const [rentals, status, passes] = await Promise.all([
    libraryPage(context, request, (page) => context.api.rentals(page)),
    context.api.subscriptions.status(),
    context.api.subscriptions.passes(),
  ]);
  return {
    rentals,
    subscriptions: status.subscriptions.filter((s) => s.status !== 'expired'),
    passes: passes.passes,
  };
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export const meta: Route.MetaFunction = () => privatePageMeta(`${t.serviceTitle} · ${mn.library.title}`);

/** `/my-library/service`: the member's subscriptions (with a way to manage them) and rentals in force. */
export default function LibraryService({ loaderData }: Route.ComponentProps) {
  const { pathname, search } = useLocation();
  const { rentals, subscriptions, passes } = loaderData;
  return (
    <div className="space-y-10">
      <section aria-labelledby="service-subscriptions">
        <h2 id="service-subscriptions" className="text-lg font-bold">
          {t.subscriptionsHeading}
        </h2>
        {subscriptions.length === 0 && passes.length === 0 ? (
          <p className="mt-3 text-muted">
            {t.noSubscription}{' '}
            <Link to="/subscription" className="font-semibold text-brand hover:underline">
              {t.seePlans}
            </Link>
          </p>
        ) : subscriptions.length === 0 ? null : (
          <ul className="mt-3 grid gap-3 sm:grid-cols-2">
            {subscriptions.map((subscription) => (
              <li key={subscription.id} className="rounded-2xl border border-line bg-white p-4">
                <p className="font-semibold">
                  {t.subscriptionLine(
                    subscription.plan.name,
                    formatDate(subscription.grace_ends_at ?? subscription.current_period_end ?? ''),
                  )}
                </p>
                <p className="mt-1 text-sm text-muted">{t.subscriptionStatus[subscription.status]}</p>
                <Link
                  to="/subscription"
                  className="mt-3 inline-flex h-10 items-center rounded-full border border-line px-4 text-sm font-semibold hover:border-brand hover:text-brand"
                >
                  {t.manage}
                </Link>
              </li>
            ))}
          </ul>
        )}
        {passes.length > 0 ? (
          <div className="mt-5">
            <PassList passes={passes} />
          </div>
        ) : null}
      </section>
      <section aria-labelledby="service-rentals">
        <h2 id="service-rentals" className="mb-3 text-lg font-bold">
          {t.rentalsHeading}
        </h2>
        {rentals.total === 0 ? (
          <LibraryEmpty title={t.rentalsEmptyTitle} hint={t.rentalsEmptyHint} />
        ) : (
          <>
            <LibraryGrid cards={rentals.cards} label={t.rentalsHeading} />
            <Pagination pathname={pathname} search={search} current={rentals.page} last={rentals.lastPage} />
          </>
        )}
      </section>
    </div>
  );
}
