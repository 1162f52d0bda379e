import { Link } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { SalesOfferCard } from '~/features/subscription/sales-offer-card';
import { checkSessionCookie, requestPath } from '~/lib/auth.server';
import { required } from '~/lib/loaders.server';
import { baseUrlFrom, pageMeta } from '~/lib/meta';
import { buttonClass } from '~/ui/buttons';
import type { Route } from './+types/subscription-offer';

const t = mn.subscriptionPages;

/** The running offer of the page's kind (`discount-auto-renew` or `discount-one-time`), if any. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const path = requestPath(request).split('?')[0] ?? '';
  const kind = path.endsWith('/discount-auto-renew') ? 'auto_renew' : 'one_time';
  const { options } = await required(context.api.subscriptions.salesOffer());
  return {
    path,
    kind,
    option: options.find((option) => option.kind === kind) ?? null,
    // the countdown starts from the server's clock, so both renders agree
    now: Date.now(),
    member: checkSessionCookie(request),
  };
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageMeta({
    title: loaderData?.option?.title ?? (loaderData?.kind === 'auto_renew' ? t.offerAutoRenew : t.offerOneTime),
    description: t.offersLead,
    path: loaderData?.path,
    baseUrl: baseUrlFrom(matches),
  });

/** `/subscription/discount-auto-renew` and `/subscription/discount-one-time`: one offer and its countdown. */
export default function SubscriptionOfferPage({ loaderData }: Route.ComponentProps) {
  const { kind, option, now, member } = loaderData;
  return (
    <div className="mx-auto max-w-2xl px-4 pt-6 pb-12 lg:pt-10">
      <p className="text-sm text-muted">
        <Link to="/subscription" className="hover:text-brand">
          {t.title}
        </Link>{' '}
        / {t.offerTitle}
      </p>
      {option ? (
        <div className="mt-4">
          <h1 className="sr-only">{t.offerTitle}</h1>
          <SalesOfferCard option={option} now={now} member={member} />
        </div>
      ) : (
        <section className="mt-4 rounded-3xl bg-surface p-6 text-center">
          <h1 className="text-xl font-bold">{kind === 'auto_renew' ? t.offerAutoRenew : t.offerOneTime}</h1>
          <p className="mt-2 text-muted">{t.offerNone}</p>
          <Link to="/subscription" className={buttonClass('primary', 'md', 'mt-5')}>
            {t.toPlans}
          </Link>
        </section>
      )}
    </div>
  );
}
