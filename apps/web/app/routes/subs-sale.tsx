import { Link } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { SalesOfferLink } from '~/features/subscription/sales-offer-card';
import { requestPath } from '~/lib/auth.server';
import { required } from '~/lib/loaders.server';
import { baseUrlFrom, pageMeta } from '~/lib/meta';
import { buttonClass } from '~/ui/buttons';
import type { Route } from './+types/subs-sale';

const t = mn.subscriptionPages;

export async function loader({ context, request }: Route.LoaderArgs) {
  const { options } = await required(context.api.subscriptions.salesOffer());
  return { path: requestPath(request).split('?')[0] ?? '', options };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageMeta({ title: t.offersTitle, description: t.offersLead, path: loaderData?.path, baseUrl: baseUrlFrom(matches) });

/** `/subs-sale` and `/discount`: the offers running now (both kinds), each linking to its page. */
export default function SubsSalePage({ loaderData }: Route.ComponentProps) {
  const { options } = loaderData;
  return (
    <div className="mx-auto max-w-screen-xl px-4 pt-6 pb-12 lg:px-6 lg:pt-10">
      <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{t.offersTitle}</h1>
      <p className="mt-2 text-muted">{t.offersLead}</p>
      {options.length === 0 ? (
        <p className="mt-6 rounded-2xl bg-surface px-5 py-8 text-center text-muted">{t.offersNone}</p>
      ) : (
        <ul className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {options.map((option) => (
            <SalesOfferLink key={option.id} option={option} />
          ))}
        </ul>
      )}
      <Link to="/subscription" className={buttonClass('secondary', 'md', 'mt-6')}>
        {t.toPlans}
      </Link>
    </div>
  );
}
